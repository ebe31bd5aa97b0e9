import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";

// Only PostgreSQL has several processes on one database (PGlite is one process per data directory): vitest.config.ts
// runs *.pg.test.ts in the PostgreSQL pass of `npm test` only.
const url = process.env.DATABASE_URL;

describe("processes starting together on one empty PostgreSQL database", () => {
  it("apply the migrations once, one after another, and all open", async () => {
    const name = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url ?? "");
    target.pathname = `/${name}`;
    try {
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: target.toString(), dataDir: "" })),
      );
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const applied = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const tables = await check.query(
        "select count(*)::int as n from information_schema.tables where table_name = 'sessions'",
      );
      await check.end();
      await Promise.all(opened.map((d) => d.close()));
      expect(tables.rows[0].n).toBe(1);
      // One row per migration file, not one per process.
      const files = readdirSync(new URL("../db/migrations", import.meta.url)).filter((f) => f.endsWith(".sql"));
      expect(applied.rows[0].n).toBe(files.length);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
