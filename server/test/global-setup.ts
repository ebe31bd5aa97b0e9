import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from "./template-env";

/**
 * Migrates one database before the server files run, and lets every file start from a copy of it
 * (harness.ts freshDatabase). On PGlite that skips initdb and the migrations, about 6 s per file; on
 * PostgreSQL `create database … template` copies the migrated one.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
    const database = await openDatabase({ dataDir: "memory://" });
    const file = join(dir, "migrated.tar.gz");
    const dumpDataDir = database.dumpDataDir;
    if (!dumpDataDir) throw new Error("PGlite has no dumpDataDir");
    writeFileSync(file, Buffer.from(await (await dumpDataDir()).arrayBuffer()));
    await database.close();
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `t_template_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: "" });
  await database.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => admin(`drop database if exists ${name} with (force)`);
}
