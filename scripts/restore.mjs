#!/usr/bin/env node
// `npm run restore -- ARCHIVE [DATA_DIR]`: puts a PGlite backup (the .tar.gz of `npm run backup`) into the data
// directory of a stopped server (DATA_DIR, default ./data). The directory must be missing or empty: move the old one
// aside first, so a restore never mixes two databases and the old one stays until the restored server is checked.
// PostgreSQL backups (.dump) go back with pg_restore instead (docs/production.md, "Backups").
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
// The extensions server/db/pglite.ts loads: a data directory with a trigram index does not open without pg_trgm.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Unpacks `archive` into `dataDir` by starting PGlite on it once (which also checks the archive is a database). */
export async function restoreDataDir(archive, dataDir) {
  if (!existsSync(archive)) throw new Error(`no such archive: ${archive}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty: stop the server and move that directory aside, then restore into an empty one`,
    );
  }
  const bytes = readFileSync(archive);
  const db = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
  // A statement proves the restored cluster starts and holds the app's tables.
  const { rows } = await db.query("select count(*)::int as n from drizzle.__drizzle_migrations");
  await db.close();
  return { migrations: rows[0].n };
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  const [archive, dataDir = process.env.DATA_DIR || "./data"] = process.argv.slice(2);
  if (!archive) {
    console.error("usage: npm run restore -- ARCHIVE.tar.gz [DATA_DIR]");
    process.exit(2);
  }
  try {
    const { migrations } = await restoreDataDir(archive, dataDir);
    console.log(`restored ${archive} into ${dataDir} (${migrations} migrations applied in it); start the server on it`);
  } catch (err) {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
