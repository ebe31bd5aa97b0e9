import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEFAULT_DATABASE_POOL } from "../config";
import { openPglite } from "./pglite";
import { PgliteStatements } from "./pglite-statements";
import * as schema from "./schema";

/** One type for both drivers (STACK gotcha 6). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface ListenHandlers {
  message(payload: string): void;
  /** The subscription dropped: notifications may be missed until `ready` is called again. */
  lost(): void;
  ready(): void;
}

/** The connection pool's state, for /metrics (PostgreSQL only). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  /**
   * The same database for the long jobs (audience ingest, reports): on PostgreSQL a small pool of its own whose
   * statements may run for DATABASE_LONG_STATEMENT_TIMEOUT_MS instead of DATABASE_STATEMENT_TIMEOUT_MS; on PGlite `db`.
   */
  long: Db;
  kind: "pglite" | "postgres";
  /** The postgres://… address on PostgreSQL (what else must connect to the same database: socket.io's adapter). */
  url?: string;
  /** Subscribes to PostgreSQL NOTIFY on a channel (LISTEN); resolves with the unsubscribe once listening. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The pools' connections (PostgreSQL); undefined on PGlite. */
  poolStats?(): { main: PoolStats; long: PoolStats };
  /**
   * PGlite only: the whole data directory as a gzipped tar, taken while no other transaction runs (so a consistent
   * point; `npm run restore` unpacks it into a stopped server's directory). PostgreSQL is backed up with pg_dump.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DatabaseConfig {
  /** postgres://… selects PostgreSQL; otherwise PGlite in dataDir ("memory://" keeps it in memory). */
  databaseUrl?: string;
  dataDir: string;
  /**
   * PostgreSQL only (PGlite is one connection and enforces no statement_timeout: WebAssembly has no timer signal).
   * `max` connections for requests and jobs, plus LONG_POOL_MAX for the long jobs; a statement running longer than its
   * timeout is cancelled by PostgreSQL (0: no limit). Default DEFAULT_DATABASE_POOL (config.ts).
   */
  pool?: { max: number; statementTimeoutMs: number; longStatementTimeoutMs: number };
  /** Told of every statement run through drizzle, with its parameters (tests: the EXPLAIN of the hot queries). */
  queryLog?: (sql: string, params: unknown[]) => void;
  /**
   * PGlite only, when its data directory is new (or in memory): start from this one (a `dumpDataDir` tarball) instead
   * of creating a cluster. Creating one (initdb) takes seconds; the test suites start each file from one migrated copy.
   */
  template?: Blob;
}

/** Connections of the long jobs' pool: one ingest or report at a time per process is plenty. */
const LONG_POOL_MAX = 2;

const statsOf = (pool: pg.Pool, max: number): PoolStats => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

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

/** Opens the database and applies migrations: the server owns its schema, no separate step is needed. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const { max, statementTimeoutMs, longStatementTimeoutMs } = config.pool ?? DEFAULT_DATABASE_POOL;
    // statement_timeout is sent as a start-up parameter of each connection: no extra round trip per query.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max, statement_timeout: statementTimeoutMs });
    const longPool = new pg.Pool({ connectionString: config.databaseUrl, max: LONG_POOL_MAX, statement_timeout: longStatementTimeoutMs });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    for (const p of [pool, longPool]) p.on("error", (err) => console.error(`database connection lost: ${err.message}`));
    const logger = config.queryLog ? { logQuery: config.queryLog } : undefined;
    const db = drizzlePg(pool, { schema, logger });
    const long = drizzlePg(longPool, { schema, logger });
    // Migrations may take longer than a request's statement: they run on the long pool.
    await migrateOnce(longPool, () => migratePg(long, { migrationsFolder }));
    const url = config.databaseUrl;
    return {
      db: db as unknown as Db,
      long: long as unknown as Db,
      kind: "postgres",
      url,
      listen: (channel, handlers) => listenPg(url, channel, handlers),
      poolStats: () => ({ main: statsOf(pool, max), long: statsOf(longPool, LONG_POOL_MAX) }),
      close: async () => {
        await Promise.all([pool.end(), longPool.end()]);
      },
    };
  }
  const client = await openPglite(config.dataDir, config.template);
  const statements = new PgliteStatements(client);
  // drizzle only calls query() and transaction(); query() of a hot text takes the named-statement path.
  const driverClient = new Proxy(client, {
    get(target, property) {
      if (property === "query") return statements.query.bind(statements);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = drizzlePglite({ client: driverClient, schema, logger: config.queryLog ? { logQuery: config.queryLog } : undefined });
  hotMarkers.set(db as unknown as Db, (text) => statements.markHot(text));
  await migratePglite(db, { migrationsFolder });
  const listen = async (channel: string, handlers: ListenHandlers) => {
    // PGlite is one process: the subscription cannot drop.
    const unlisten = await client.listen(channel, handlers.message);
    handlers.ready();
    return () => unlisten();
  };
  // Inside a transaction of PGlite's own: it holds the transaction lock, so the copy falls between two transactions
  // of the app (statements outside a transaction wait on the query lock the dump holds).
  const dumpDataDir = () => client.transaction(async () => client.dumpDataDir("gzip"));
  return { db: db as unknown as Db, long: db as unknown as Db, kind: "pglite", listen, dumpDataDir, close: () => client.close() };
}

const hotMarkers = new WeakMap<Db, (text: string) => void>();

/**
 * Marks a prepared read as one of the hottest queries. On PGlite it then runs as a named statement, parsed and
 * planned once (pglite-statements.ts); node-postgres already does that for named statements, so elsewhere this
 * changes nothing. Never mark a statement that can NOTIFY (its notification would not reach PGlite's listeners).
 */
export function markHot<Q extends { getQuery(): { sql: string } }>(db: Db, query: Q): Q {
  hotMarkers.get(db)?.(query.getQuery().sql);
  return query;
}

export interface MigrationState {
  /** Migrations this build ships, and how many of them the database has. */
  expected: number;
  applied: number;
}

/**
 * Whether the database has every migration of this build (/readyz). drizzle records each applied migration with its
 * journal time (`created_at`); a database migrated by a newer build has more, which still counts as applied.
 */
export async function migrationState(db: Db): Promise<MigrationState> {
  const shipped = readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);
  const result = (await db.execute(sql`select created_at::text as at from drizzle.__drizzle_migrations`)) as unknown as { rows: { at: string }[] };
  const have = new Set(result.rows.map((r) => Number(r.at)));
  return { expected: shipped.length, applied: shipped.filter((at) => have.has(at)).length };
}

/** PostgreSQL's unique_violation, as both drivers report it (node-postgres directly, drizzle wrapped in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, `lost` is reported
 * and it reconnects every second until it listens again.
 */
async function listenPg(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
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
