import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { SizeKeepingNodeFS } from "./pglite-fs";

/**
 * PostgreSQL's defaults are sized for a shared server: 128 MB of shared buffers (touched at start-up, so resident)
 * and slots for 100 connections. PGlite is one connection in one process, and its files sit in the OS page
 * cache anyway: these bring the idle server from about 400 to under 300 MiB resident.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=16MB", "-c", "max_connections=5", "-c", "wal_buffers=1MB"],
];

/**
 * The contrib extensions the migrations create (pg_trgm: the inbox search's trigram indexes). PGlite must load them at
 * every start, or a data directory holding such an index cannot open; scripts/restore.mjs loads the same.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Run by a separate node process: creates the cluster, closes it, exits. PGlite is named by its resolved URL. */
const createScript = (moduleUrl: string) => `import { PGlite } from ${JSON.stringify(moduleUrl)};
const [dataDir, params] = process.argv.slice(1);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(params) });
await db.close();
`;

/** Creating a cluster (initdb) grows PGlite's WebAssembly memory to ~750 MiB, which never shrinks in that process. */
async function createInChild(dataDir: string): Promise<void> {
  const moduleUrl = import.meta.resolve("@electric-sql/pglite");
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", createScript(moduleUrl), dataDir, JSON.stringify(PGLITE_START_PARAMS)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the PGlite data directory ${dataDir} failed (exit ${code})`);
}

/**
 * Opens PGlite in dataDir ("memory://…" stays in memory). A new directory is unpacked from `template` when given
 * (DatabaseConfig), else created by a short-lived child process first, so the server itself only ever opens an
 * existing one and keeps its memory small.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  const options = { startParams: [...PGLITE_START_PARAMS], extensions: PGLITE_EXTENSIONS };
  if (dataDir.startsWith("memory://")) return PGlite.create(dataDir, { ...options, loadDataDir: template });
  mkdirSync(dataDir, { recursive: true });
  const fs = new SizeKeepingNodeFS(dataDir);
  // Unpacking a template runs no initdb, so it needs no child process.
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    if (template) return PGlite.create({ ...options, fs, loadDataDir: template });
    await createInChild(dataDir);
  }
  return PGlite.create({ ...options, fs });
}
