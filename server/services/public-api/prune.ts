import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ClaimLoop } from "../../db/claim-loop";
import { rowsOf } from "../../db/sql";

/** Rows deleted per statement, so a large backlog never holds locks for long. */
const CHUNK = 10_000;

/**
 * Keeps the public API's bookkeeping bounded: request-log rows older than `umsLogDays`, Idempotency-Key answers older
 * than 24 hours and the keys' ended rate-limit windows. Idempotent, so every process may run it.
 */
export async function prunePublicApi(db: Db, umsLogDays: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await rowsOf<{ n: number }>(
      db,
      sql`with gone as (delete from ums_requests where id in (
            select id from ums_requests where created_at < now() - ${umsLogDays}::int * interval '1 day' limit ${CHUNK}) returning 1)
          select count(*)::int as n from gone`,
    );
    removed += rows[0]?.n ?? 0;
    if ((rows[0]?.n ?? 0) < CHUNK) break;
  }
  const idem = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from api_idempotency where created_at < now() - interval '24 hours' returning 1) select count(*)::int as n from gone`,
  );
  const windows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from rate_limits where key like 'api:%' and reset_at < now() - interval '1 minute' returning 1) select count(*)::int as n from gone`,
  );
  return removed + (idem[0]?.n ?? 0) + (windows[0]?.n ?? 0);
}

/** Runs the prune now and then every `everyMs` (tests call tick()). */
export function startPrune(db: Db, umsLogDays: number, everyMs: number, log: FastifyBaseLogger): ClaimLoop {
  let running: Promise<number> | undefined;
  const tick = (): Promise<number> => {
    running ??= prunePublicApi(db, umsLogDays)
      .catch((err: unknown) => {
        log.error({ err }, "public API prune failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
