import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { MSG } from "../../../contract/messages";
import { HttpError } from "../../http/errors";
import { postgresStoreClass } from "../../db/rate-limit-store";

/**
 * @fastify/rate-limit, off by default (`global: false`): only routes that set `config.rateLimit` are counted,
 * so ordinary signed-in reads pay nothing. On PostgreSQL the counters live in a table shared by every process;
 * on PGlite (one process per data directory) the plugin's in-memory store is enough. That choice needs
 * `app.database`, so the database plugin is registered before this one.
 */
export const rateLimits = fp(
  async (app) => {
    const { database } = app;
    await app.register(rateLimit, {
      global: false,
      store:
        database.kind === "postgres"
          ? (postgresStoreClass(database.db) as unknown as FastifyRateLimitStoreCtor)
          : undefined,
      errorResponseBuilder: () => new HttpError(429, MSG.tooManyAttempts),
      addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    });
  },
  { name: "rate-limits", dependencies: ["database"] },
);
