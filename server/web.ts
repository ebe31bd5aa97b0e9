import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MSG } from "../contract/messages";

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>Messaging Console</title></head>
<body style="font-family:system-ui;margin:4rem">
<h1>Messaging Console</h1><p>The API is running. The console has not been built: run <code>npm run build</code>
(or <code>npm start</code>, which builds it when missing).</p></body></html>`;

const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/socket.io");

/** Serves the built console with SPA fallback, so one port is the whole product; /api stays JSON. */
export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = resolve(webRoot);
  const index = resolve(root, "index.html");
  const built = existsSync(index);
  // wildcard: files are looked up per request, so a rebuild is served without a restart; a missing file falls
  // through to the not-found handler below.
  if (built) await app.register(fastifyStatic, { root, wildcard: true, index: "index.html" });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    if (isApiPath(path) || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ success: false, message: MSG.notFound });
    }
    if (/\.[a-z0-9]+$/i.test(path) && path.startsWith("/assets/")) {
      return reply.status(404).send({ success: false, message: MSG.notFound });
    }
    if (!built) return reply.type("text/html").send(PLACEHOLDER);
    return reply.header("cache-control", "no-cache").sendFile("index.html", root);
  });
}
