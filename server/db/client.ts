import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { fileURLToPath } from "node:url";
import type { Transaction } from "@electric-sql/pglite";
import { openPglite } from "./pglite";
import { markHotEverywhere, PgliteStatements } from "./pglite-statements";
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

/** Opens the database and applies migrations: the server owns its schema, no separate step is needed. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl)
    return (await import("./postgres")).openPostgres(config.databaseUrl, config, migrationsFolder);
  const client = await openPglite(config.dataDir, config.template);
  const statements = new PgliteStatements(client);
  // drizzle only calls query() and transaction(); query() of a hot text takes the named-statement path, in a
  // transaction too.
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => callback(statements.inTransaction(tx)));
  const driverClient = new Proxy(client, {
    get(target, property) {
      if (property === "query") return statements.query.bind(statements);
      if (property === "transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = drizzlePglite({
    client: driverClient,
    schema,
    logger: config.queryLog ? { logQuery: config.queryLog } : undefined,
  });
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
  return {
    db: db as unknown as Db,
    long: db as unknown as Db,
    kind: "pglite",
    listen,
    dumpDataDir,
    close: () => client.close(),
  };
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

const dialect = new PgDialect();

/**
 * Marks a raw statement as one of the hottest (a dispatcher's claim, its outcomes, a batch of receipts): on PGlite it
 * runs as a named statement, parsed and planned once, inside transactions too. Its text must not change with its
 * values (they travel as parameters: arrays as one text each, sql.ts pgArray), and it must not NOTIFY.
 * node-postgres sends it as before. Answers the statement.
 */
export function hot(query: SQL): SQL {
  markHotEverywhere(dialect.sqlToQuery(query).sql);
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
  const result = (await db.execute(
    sql`select created_at::text as at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { at: string }[] };
  const have = new Set(result.rows.map((r) => Number(r.at)));
  return { expected: shipped.length, applied: shipped.filter((at) => have.has(at)).length };
}

/** PostgreSQL's unique_violation, as both drivers report it (node-postgres directly, drizzle wrapped in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
