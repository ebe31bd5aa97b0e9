import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import type { RouteContext } from "../../routes/context";
import { createMailer } from "../../services/accounts/mailer";

declare module "fastify" {
  interface FastifyInstance {
    /** What every call handler receives besides its request and reply. */
    routeContext: RouteContext;
  }
}

export interface RouteContextOptions {
  config: ServerConfig;
}

/** `app.routeContext`: database, config, auth, mail, the per-address reset-mail limit and background work. */
export const routeContextPlugin = fp<RouteContextOptions>(
  async (app, { config }) => {
    const resetPerAccount = app.createRateLimit({
      max: config.rateLimits.resetPerAccount.max,
      timeWindow: config.rateLimits.resetPerAccount.windowMs,
      keyGenerator: (request) =>
        `reset-mail:${String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase()}`,
    });
    const pending = new Set<Promise<unknown>>();
    app.addHook("onClose", async () => {
      await Promise.allSettled([...pending]);
    });
    app.decorate("routeContext", {
      db: app.database.db,
      config,
      secret: app.authDeps.secret,
      sendMail: createMailer(app.database.db, app.log, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        printBodies: config.printMail,
      }),
      sessions: app.sessions,
      carrier: app.carrier,
      storage: app.storage,
      publicApi: app.publicApi,
      resetMailAllowed: async (request) => {
        const result = await resetPerAccount(request);
        return result.isAllowed || !result.isExceeded;
      },
      background: (task) => {
        // Started on the next turn of the event loop, after the answer has been written: the work (and on PGlite,
        // which shares this thread, its queries) must not delay the answer it is meant to be invisible in.
        const run = new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((err: unknown) => app.log.error({ err }, "background task failed"))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
    } satisfies RouteContext);
  },
  { name: "route-context", dependencies: ["database", "auth", "carrier", "public-api", "@fastify/rate-limit"] },
);
