// PostgreSQL through node-postgres: two pools (requests and jobs; the long jobs), migrations under an advisory lock,
// LISTEN on a connection of its own. Only openPostgres loads the driver (an import inside it: a static import of a
// package would be hoisted to the top of the server bundle and loaded by every server, PGlite ones included).
import type pg from "pg";
import { DEFAULT_DATABASE_POOL } from "../config";
import type { Database, DatabaseConfig, Db, ListenHandlers, PoolStats } from "./client";
import * as schema from "./schema";

/** Connections of the long jobs' pool: one ingest or report at a time per process is plenty. */
const LONG_POOL_MAX = 2;

const statsOf = (pool: pg.Pool, max: number): PoolStats => ({
  max,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** Any fixed number: the key of the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK = 7_240_611;

/**
 * Several processes starting together on one PostgreSQL would race to apply the same migration. Each takes a
 * session-level advisory lock on one connection first, so they migrate one after another (the later ones find
 * nothing left to do); the lock dies with its connection if a process is killed mid-way.
 */
async function migrateOnce(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await run();
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/** Opens PostgreSQL at `databaseUrl` and applies the migrations in `migrationsFolder`. */
export async function openPostgres(
  databaseUrl: string,
  config: DatabaseConfig,
  migrationsFolder: string,
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const { max, statementTimeoutMs, longStatementTimeoutMs } = config.pool ?? DEFAULT_DATABASE_POOL;
  // statement_timeout is sent as a start-up parameter of each connection: no extra round trip per query.
  const pool = new pg.Pool({ connectionString: databaseUrl, max, statement_timeout: statementTimeoutMs });
  const longPool = new pg.Pool({
    connectionString: databaseUrl,
    max: LONG_POOL_MAX,
    statement_timeout: longStatementTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  for (const p of [pool, longPool]) p.on("error", (err) => console.error(`database connection lost: ${err.message}`));
  const logger = config.queryLog ? { logQuery: config.queryLog } : undefined;
  const db = drizzlePg(pool, { schema, logger });
  const long = drizzlePg(longPool, { schema, logger });
  // Migrations may take longer than a request's statement: they run on the long pool.
  await migrateOnce(longPool, () => migratePg(long, { migrationsFolder }));
  return {
    db: db as unknown as Db,
    long: long as unknown as Db,
    kind: "postgres",
    url: databaseUrl,
    listen: (channel, handlers) => listenPg(pg, databaseUrl, channel, handlers),
    poolStats: () => ({ main: statsOf(pool, max), long: statsOf(longPool, LONG_POOL_MAX) }),
    close: async () => {
      await Promise.all([pool.end(), longPool.end()]);
    },
  };
}

const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, `lost` is reported
 * and it reconnects every second until it listens again.
 */
async function listenPg(
  driver: typeof pg,
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new driver.Client({ connectionString: url });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      client.end().catch(() => undefined);
      // A connection that never listened is retried by `retry`, not here.
      if (current !== client) return;
      current = null;
      if (closed) return;
      handlers.lost();
      timer = setTimeout(retry, RELISTEN_MS);
    };
    client.on("notification", (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? "");
    });
    client.on("error", drop);
    client.on("end", drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop();
      throw error;
    }
    current = client;
    handlers.ready();
  };
  const retry = () => {
    connect().catch(() => {
      if (!closed) timer = setTimeout(retry, RELISTEN_MS);
    });
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end();
  };
}
