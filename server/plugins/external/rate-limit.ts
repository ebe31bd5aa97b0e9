import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { MSG } from "../../../contract/messages";
import type { Database } from "../../db/client";
import { HttpError } from "../../http/errors";
import { postgresStoreClass } from "../../services/rate-limit-store";

/**
 * @fastify/rate-limit, off by default (`global: false`): only routes that set `config.rateLimit` are counted,
 * so ordinary signed-in reads pay nothing. On PostgreSQL the counters live in a table shared by every process;
 * on PGlite (one process per data directory) the plugin's in-memory store is enough.
 */
export async function registerRateLimit(app: FastifyInstance, database: Database): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: database.kind === "postgres" ? (postgresStoreClass(database.db) as unknown as FastifyRateLimitStoreCtor) : undefined,
    errorResponseBuilder: () => new HttpError(429, MSG.tooManyAttempts),
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
  });
}
