import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";
import type { ServerConfig } from "./config";
import { openDatabase } from "./db/client";
import { logDestination } from "./observability/log-stream";
import { seedOnStart } from "./seed";

/** Set in the child's environment: main.ts then prepares the data directory and exits instead of serving. */
export const PREPARE_ENV = "PREPARE_DATA_DIR_ONLY";

/** A PGlite data directory on disk that has no cluster yet (PostgreSQL and in-memory ones are never prepared). */
export function isNewPgliteDir(config: ServerConfig): boolean {
  return (
    !config.databaseUrl && !config.dataDir.startsWith("memory://") && !existsSync(join(config.dataDir, "PG_VERSION"))
  );
}

/** The child's work: create, migrate and seed the database, close it. */
export async function prepareDataDir(config: ServerConfig): Promise<void> {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const log = Fastify({ logger: { level: config.logLevel, stream: await logDestination() } }).log;
    await seedOnStart(database.db, config, log);
  } finally {
    await database.close();
  }
}

/**
 * PGlite's WebAssembly memory grows with the work done in it and never shrinks, and so does a heap that seeded the
 * demo data: a server that created, migrated and seeded its own data directory idled ~40 MiB above one that opened
 * an existing directory. The server process runs itself again (same entry, same flags) to do that work and exit, then
 * opens the directory as an existing one. What the child leaves unfinished (it is killed) the server completes: the
 * migrations and the seed are both idempotent.
 */
export async function prepareDataDirInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ENV]: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`preparing the data directory failed (exit ${code})`);
}
