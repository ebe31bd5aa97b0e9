import fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migratedPglite } from "../test/harness";
import { openPglite } from "./pglite";

// A sequential scan reads the blocks PostgreSQL believes a file has: a size kept too small would lose rows, one kept
// too large would fail reading past the end. So every change of a file's length that PostgreSQL makes (extending a
// table, VACUUM cutting empty pages off its end, TRUNCATE and VACUUM FULL writing new files) is followed by a count.
let dir: string;
let db: PGlite;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pglite-fs-"));
  db = await openPglite(dir, migratedPglite());
  await db.exec("create table sizes_probe (id serial primary key, pad text not null)");
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from sizes_probe")).rows[0].n;
const insert = (n: number) =>
  db.query(`insert into sizes_probe (pad) select repeat('x', 200) from generate_series(1, ${n})`);
/** The table's length as PostgreSQL's own stat() of its files tells it, in blocks. */
const blocks = async () =>
  (await db.query<{ n: number }>("select (pg_relation_size('sizes_probe') / 8192)::int as n")).rows[0].n;

describe("PGlite's file sizes kept in memory", () => {
  it("sees every row as a table grows, shrinks under VACUUM and is rewritten, across a restart", async () => {
    let expected = 0;
    for (const n of [1, 500, 3000, 20_000]) {
      await insert(n);
      expected += n;
      expect(await count()).toBe(expected);
    }
    const grown = await blocks();
    // The newest rows deleted: VACUUM truncates the now empty pages off the file's end.
    await db.query("delete from sizes_probe where id > 5000");
    await db.exec("vacuum sizes_probe");
    expect(await blocks()).toBeLessThan(grown);
    expect(await count()).toBe(5000);
    await insert(700);
    expect(await count()).toBe(5700);
    // TRUNCATE and VACUUM FULL give the table a new file.
    await db.exec("truncate sizes_probe");
    expect(await count()).toBe(0);
    await insert(1200);
    await db.exec("vacuum full sizes_probe");
    expect(await count()).toBe(1200);
    await insert(300);
    expect(await count()).toBe(1500);
    // A new process's view (the sizes are asked of the system again).
    await db.close();
    db = await openPglite(dir);
    expect(await count()).toBe(1500);
    await insert(50);
    expect(await count()).toBe(1550);
  });

  it("asks the system for a file's length once, not on every scan", async () => {
    const fstat = vi.spyOn(fs, "fstatSync");
    try {
      await count();
      const first = fstat.mock.calls.length;
      for (let i = 0; i < 50; i++) await count();
      // Fifty more scans (each planned and started with the table's length) asked nothing more.
      expect(fstat.mock.calls.length).toBe(first);
    } finally {
      fstat.mockRestore();
    }
  });
});
