import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";

type Rows = { rows: Array<Record<string, unknown>> };

const residentMiB = () =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;

// PGlite is opened explicitly (no databaseUrl), so the PostgreSQL run checks it too. A new data directory is created,
// migrated and seeded by a child process: more than the project's 30 s when the other server files share the cores.
describe("PGlite's memory", { timeout: 150_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "pglite-fresh-"));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a new data directory is created outside this process: opening it grows this process by far less than initdb would", async () => {
    const before = residentMiB();
    database = await openDatabase({ dataDir: join(dir, "data") });
    const grown = residentMiB() - before;
    // Created in this process, the cluster left ~750 MiB of WebAssembly memory behind; opened afterwards, ~100.
    expect(grown).toBeLessThan(350);
    const tables = (await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    )) as Rows;
    expect(Number(tables.rows[0].n)).toBeGreaterThan(0);
  });

  it("runs with buffers sized for one embedded connection, not PostgreSQL's server defaults", async () => {
    const memory = await openDatabase({ dataDir: "memory://" });
    try {
      const { rows } = (await memory.db.execute(
        sql`select current_setting('shared_buffers') as buffers, current_setting('max_connections') as conns`,
      )) as Rows;
      expect(rows[0]).toEqual({ buffers: "16MB", conns: "5" });
    } finally {
      await memory.close();
    }
  });
});
