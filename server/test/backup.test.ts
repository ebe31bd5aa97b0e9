// Backups (issue 16): the admin-only POST /api/admin/backup answers a consistent copy of the whole database (PGlite:
// its data directory as a .tar.gz; PostgreSQL: a pg_dump archive), taken by the running server while it serves; put
// back into a fresh directory (`npm run restore`) or database (pg_restore), it has the same rows and balances.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreDataDir } from "../../scripts/restore.mjs";
import { buildApp } from "../app";
import { openDatabase, type Database, type Db } from "../db/client";
import { rowsOf } from "../db/sql";
import { DEMO_PASSWORD, demoSessions, freshDatabase, migratedPglite } from "./harness";

const work = mkdtempSync(join(tmpdir(), "mc-backup-"));
let database: Database & { url?: string };
let app: FastifyInstance;
let sessions: ReturnType<typeof demoSessions>;

beforeAll(async () => {
  // PGlite in a directory on disk, as a real server keeps it (PostgreSQL: a database of its own).
  database = process.env.DATABASE_URL
    ? await freshDatabase()
    : await openDatabase({ dataDir: join(work, "live"), template: migratedPglite() });
  app = await buildApp({
    database,
    logger: false,
    config: {
      dataDir: join(work, "files"),
      demoPassword: DEMO_PASSWORD,
      webRoot: "./.no-web-root",
      jwtSecret: "backup-secret",
    },
  });
  await app.ready();
  sessions = demoSessions(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Rows of every table of the app, and every account's balance: what a restore must give back. */
async function snapshot(db: Db) {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n;
  const balances = await rowsOf<{ username: string; balance: string }>(
    db,
    sql`select username, balance::text as balance from users order by username`,
  );
  return { counts, balances };
}

const backup = (token?: string) =>
  app.inject({ method: "POST", url: "/api/admin/backup", headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("POST /api/admin/backup", () => {
  it("is for admins only", async () => {
    expect((await backup()).statusCode).toBe(401);
    for (const name of ["manager", "reseller", "user"] as const)
      expect((await backup((await sessions.login(name)).token)).statusCode).toBe(403);
  });

  it("takes a copy that restores to the same rows and balances", async () => {
    const admin = await sessions.login("admin");
    const user = await sessions.login("user");
    // Money moved through the ledger before the copy, so balances and ledger rows are not the seed's.
    const credit = await app.inject({
      method: "POST",
      url: "/api/balance/add-balance",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { userId: user.id, amount: 1234.5 },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const before = await snapshot(database.db);
    expect(before.counts.balance_ledger).toBeGreaterThan(0);

    const res = await backup(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="?backup-/);
    const archive = join(work, database.kind === "pglite" ? "backup.tar.gz" : "backup.dump");
    writeFileSync(archive, res.rawPayload);
    // Written after the copy: not in it.
    await app.inject({
      method: "POST",
      url: "/api/balance/add-balance",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { userId: user.id, amount: 1 },
    });

    let restored: Database;
    let drop = async () => undefined as void;
    if (database.kind === "pglite") {
      expect(res.headers["content-type"]).toBe("application/gzip");
      const dataDir = join(work, "restored");
      expect((await restoreDataDir(archive, dataDir)).migrations).toBeGreaterThan(0);
      restored = await openDatabase({ dataDir });
    } else {
      const url = new URL(database.url ?? "");
      const name = `${url.pathname.slice(1)}_restored`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      execFileSync("pg_restore", ["--no-owner", "--no-privileges", `--dbname=${url.toString()}`, archive]);
      restored = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
      drop = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
      await drop();
    }
  });
});

describe("npm run restore", () => {
  it("refuses a directory that is not empty, and leaves it as it was", async () => {
    const dir = join(work, "occupied");
    mkdirSync(dir);
    writeFileSync(join(dir, "PG_VERSION"), "17\n");
    writeFileSync(join(work, "any.tar.gz"), "");
    await expect(restoreDataDir(join(work, "any.tar.gz"), dir)).rejects.toThrow(/is not empty/);
    expect(execFileSync("ls", [dir]).toString().trim()).toBe("PG_VERSION");
  });
});
