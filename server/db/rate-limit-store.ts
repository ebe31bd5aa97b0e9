import { lt, sql } from "drizzle-orm";
import type { Db } from "./client";
import { rateLimits } from "./schema";

const SWEEP_EVERY_MS = 10 * 60_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit needs from a store; the plugin's own type omits the window it passes as third argument. */
export interface CounterStore {
  incr(key: string, callback: IncrCallback, timeWindow?: number): void;
  child(params: RouteParams): CounterStore;
}

/** The plugin passes a route's merged options to child(); the route itself is under routeInfo. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A fixed-window counter per key in PostgreSQL for @fastify/rate-limit: one upsert per counted request, so every
 * server process on the same database shares one window. Only the routes that opt in pay this round trip.
 */
export function postgresStoreClass(db: Db, sweepEveryMs = SWEEP_EVERY_MS) {
  let lastSweep = Date.now();
  // Expired windows are dead rows; one process in a while deletes them, off the request path.
  const sweep = () => {
    if (Date.now() - lastSweep < sweepEveryMs) return;
    lastSweep = Date.now();
    db.delete(rateLimits)
      .where(lt(rateLimits.resetAt, sql`now() - interval '1 minute'`))
      .catch(() => undefined);
  };
  return class PostgresRateLimitStore implements CounterStore {
    constructor(
      _options?: unknown,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      sweep();
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      const expired = sql`${rateLimits.resetAt} <= now()`;
      db.insert(rateLimits)
        .values({ key: `${this.prefix}${key}`, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          current: rateLimits.count,
          ttl: sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)`,
        })
        .then(([row]) => callback(null, { current: row.current, ttl: Math.max(0, Number(row.ttl)) }))
        .catch((error: Error) => callback(error));
    }

    child(params: RouteParams): CounterStore {
      // One counter space per route, as the in-memory store keeps one per route.
      return new PostgresRateLimitStore(undefined, `${this.prefix}${params.routeInfo?.url ?? ""}|`);
    }
  };
}
