// PGlite runs PostgreSQL in single-user mode: there is no autovacuum. Dead rows from the hot tables' updates
// (recipients moving queued → sent → delivered, job rows' leases) pile up, and tables never analyzed keep the planner's
// first guess (often one row), which picks nested loops over hash joins once they hold thousands. This does what
// autovacuum would: each round, the tables past autovacuum's default thresholds are vacuumed and analyzed, one
// statement at a time so requests interleave. PostgreSQL proper has its own autovacuum and never runs this. It is
// opt-in (PGLITE_MAINTENANCE_MS): one VACUUM of a large table still holds PGlite's single connection for seconds.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./client";
import { rowsOf } from "./sql";

/** autovacuum's defaults: vacuum past 50 + 20 % dead rows, analyze past 50 + 10 % changed rows. */
const VACUUM = { base: 50, scale: 0.2 };
const ANALYZE = { base: 50, scale: 0.1 };

export interface MaintenanceTarget {
  table: string;
  action: "vacuum" | "analyze";
}

/** The tables due for work now, from PostgreSQL's own counters (PGlite keeps them in single-user mode too). */
export async function maintenanceTargets(db: Db): Promise<MaintenanceTarget[]> {
  const rows = await rowsOf<{ table: string; vacuum: boolean; analyze: boolean }>(
    db,
    sql`select relname as "table",
          n_dead_tup > ${VACUUM.base}::float8 + ${VACUUM.scale}::float8 * n_live_tup as vacuum,
          n_mod_since_analyze > ${ANALYZE.base}::float8 + ${ANALYZE.scale}::float8 * n_live_tup as analyze
        from pg_stat_user_tables where schemaname = 'public' order by n_dead_tup + n_mod_since_analyze desc`,
  );
  return rows.flatMap((r): MaintenanceTarget[] =>
    r.vacuum ? [{ table: r.table, action: "vacuum" }] : r.analyze ? [{ table: r.table, action: "analyze" }] : [],
  );
}

/** One round: every table due, one at a time. Returns what was done. */
export async function maintainOnce(db: Db): Promise<MaintenanceTarget[]> {
  const targets = await maintenanceTargets(db);
  for (const { table, action } of targets) {
    // Names come from the catalogue, quoted as identifiers all the same.
    const name = sql.identifier(table);
    await db.execute(action === "vacuum" ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return targets;
}

export interface Maintenance {
  /** Runs a round now (tests), after any round under way. */
  tick(): Promise<MaintenanceTarget[]>;
  stop(): Promise<void>;
}

/** A round every `intervalMs`; a failed round is logged and the next one tries again. */
export function startPgliteMaintenance(
  db: Db,
  { intervalMs, log }: { intervalMs: number; log: FastifyBaseLogger },
): Maintenance {
  let running: Promise<MaintenanceTarget[]> = Promise.resolve([]);
  const round = () =>
    (running = running
      .then(async () => {
        const started = Date.now();
        const done = await maintainOnce(db);
        if (done.length) log.debug({ tables: done, ms: Date.now() - started }, "PGlite maintenance");
        return done;
      })
      .catch((err: unknown) => {
        log.warn({ err }, "PGlite maintenance failed");
        return [];
      }));
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return {
    tick: round,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
