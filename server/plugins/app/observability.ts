import { AsyncResource } from "node:async_hooks";
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { REQUEST_ID_HEADER } from "../../../contract/constants";
import type { ServerConfig } from "../../config";
import { withRequestId } from "../../observability/context";
import { createMetrics, type Metrics } from "../../observability/metrics";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export type ObservabilityOptions = Pick<ServerConfig, "metrics" | "host">;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Request ids, HTTP latency and /metrics. Every request runs under its id (context.ts), which its answer echoes in
 * X-Request-Id; its latency is observed under the route's pattern (`/api/v1/chats/:id`, never the raw URL, so the
 * series stay few). /metrics is Prometheus' text format: on the main port to `Authorization: Bearer $METRICS_TOKEN`,
 * and on METRICS_PORT (when set) to anyone who reaches that port, which should be the monitoring network only.
 * With neither set nothing is exposed.
 */
export const observabilityPlugin = fp<ObservabilityOptions>(
  async (app, { metrics: config, host }) => {
    const metrics = createMetrics({
      db: app.database.db,
      sockets: () => (app.hasDecorator("io") ? app.io.of("/").sockets.size : 0),
      poolStats: app.database.poolStats,
    });
    app.decorate("metrics", metrics);

    // The rest of the request (hooks, handler, what it starts in the background) runs inside the id's context. Reading
    // the body leaves it (the stream's events come from the socket's context), so preValidation enters it again,
    // as @fastify/request-context does.
    const scopes = new WeakMap<FastifyRequest, AsyncResource>();
    app.addHook("onRequest", (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      withRequestId(request.id, () => {
        const scope = new AsyncResource("request-context");
        scopes.set(request, scope);
        scope.runInAsyncScope(done);
      });
    });
    app.addHook("preValidation", (request, _reply, done) => {
      const scope = scopes.get(request);
      if (scope) scope.runInAsyncScope(done);
      else done();
    });
    app.addHook("onResponse", (request, reply, done) => {
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? "(unmatched)", status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const scrape = async (reply: FastifyReply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    app.get("/metrics", { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
      const token = config.token;
      if (!token)
        return reply.status(404).send({
          success: false,
          message: "Metrics are not served on this port (set METRICS_TOKEN, or read METRICS_PORT)",
        });
      const given = request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      if (!sameSecret(given, token))
        return reply
          .status(401)
          .header("www-authenticate", "Bearer")
          .send({ success: false, message: "A valid metrics token is required" });
      return scrape(reply);
    });

    if (config.port !== undefined) {
      const server: Server = createServer((req, res) => {
        if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
          res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
          return;
        }
        metrics.registry.metrics().then(
          (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
          (err: unknown) => {
            app.log.error({ err }, "metrics not collected");
            res.writeHead(500, { "content-type": "text/plain" }).end("metrics not collected\n");
          },
        );
      });
      const port = config.port;
      app.addHook("onListen", async () => {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, host, () => resolve());
        });
        app.log.info(`metrics on http://${host}:${port}/metrics`);
      });
      app.addHook("onClose", async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: "observability", dependencies: ["database"] },
);
