import { PGlite, types, type PGliteOptions, type QueryOptions } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hot, openDatabase, type Database } from "../db/client";
import { PgliteStatements } from "../db/pglite-statements";
import { users } from "../db/schema";
import { seedDemo } from "../seed";
import { balanceOf } from "../services/balance/queries";
import type { Caller } from "../services/caller";
import { listUsers } from "../services/accounts/user-list";
import { migratedPglite } from "./harness";

/** What drizzle passes for a select with fields: arrays, dates and numeric[] left as text. */
const DRIZZLE_ARRAY: QueryOptions = {
  rowMode: "array",
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [1231]: (v: string) => v },
};

const READ = "select id, name, balance, tags, created_at, note from accounts where id = $1 or name = $2 order by id";
/** The named statements of hot texts (each instance also keeps one set_config of its own). */
const preparedNames = async (client: PGlite) =>
  (
    await client.query<{ name: string }>(
      "select name from pg_prepared_statements where statement not like 'select set_config(%' order by name",
    )
  ).rows.map((r) => r.name);

describe("PGlite named statements for hot reads", () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create("memory://");
    await client.exec(`
      create table accounts (id int primary key, name text not null, balance numeric(14,2) not null, tags text[] not null,
        created_at timestamptz not null default '2026-01-02T03:04:05Z', note text);
      insert into accounts (id, name, balance, tags, note) values (1, 'ann', 10.50, '{a,b}', null), (2, 'bob', 0, '{}', 'Zoë paid ₹5');
    `);
  });
  afterAll(() => client.close());

  it.each([
    ["array rows with drizzle's parsers", DRIZZLE_ARRAY, [1, "bob"]],
    ["object rows with PGlite's parsers", { rowMode: "object" } satisfies QueryOptions, [1, "bob"]],
    ["no rows", DRIZZLE_ARRAY, [9, "nobody"]],
    ["a null parameter", { rowMode: "object" } satisfies QueryOptions, [null, "ann"]],
  ])("answers %s exactly as PGlite's query()", async (_case, options, params) => {
    const statements = new PgliteStatements(client);
    statements.markHot(READ);
    const expected = await client.query(READ, params, options);
    const actual = await statements.query(READ, params, options);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.fields).toEqual(expected.fields);
    expect(actual.rowCount).toBe(expected.rowCount);
  });

  it("runs a hot text of a transaction as its named statement, sees the transaction's own writes, and leaves no generic planning behind", async () => {
    const statements = new PgliteStatements(client);
    const text = "select count(*)::int as n from accounts where name like $1 -- in a transaction";
    statements.markHot(text);
    const before = await preparedNames(client);
    const mode = await client.transaction(async (raw) => {
      const tx = statements.inTransaction(raw);
      await tx.query("insert into accounts (id, name, balance, tags) values (3, 'carl', 1, '{}')");
      // The row this transaction wrote, through the named statement.
      expect((await tx.query<{ n: number }>(text, ["c%"])).rows).toEqual([{ n: 1 }]);
      // The generic plan it forces is for itself only: the transaction's next statements plan as usual.
      const setting = (await tx.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode")).rows[0]
        .mode;
      await tx.rollback();
      return setting;
    });
    expect(mode).toBe("auto");
    expect((await preparedNames(client)).filter((n) => !before.includes(n))).toHaveLength(1);
    // Rolled back: the row is gone, as it would be through PGlite's own query().
    expect((await statements.query<{ n: number }>(text, ["c%"])).rows).toEqual([{ n: 0 }]);
  });

  it("an error in a transaction's hot text aborts the transaction, as PGlite's own query() does", async () => {
    const statements = new PgliteStatements(client);
    const text = "select 1 / $1::int as q -- failing in a transaction";
    statements.markHot(text);
    await expect(client.transaction(async (raw) => statements.inTransaction(raw).query(text, [0]))).rejects.toThrow(
      /division by zero/,
    );
    // PGlite rolled the transaction back and is usable again.
    expect((await client.query<{ n: number }>("select count(*)::int as n from accounts")).rows).toEqual([{ n: 2 }]);
  });

  it("parses a hot text once, as one named statement, and leaves other texts to PGlite", async () => {
    const statements = new PgliteStatements(client);
    const before = await preparedNames(client);
    statements.markHot(`${READ} -- once`);
    for (const id of [1, 2, 1]) await statements.query(`${READ} -- once`, [id, ""], DRIZZLE_ARRAY);
    await statements.query("select 1 as one", [], DRIZZLE_ARRAY);
    const added = (await preparedNames(client)).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^pgl_hot_/);
  });

  it("reads an answer larger than PGlite's buffer, which arrives in pieces", async () => {
    const statements = new PgliteStatements(client);
    const text = "select repeat(name || '₹', $1::int) as big from accounts order by id";
    statements.markHot(text);
    const { rows } = await statements.query<{ big: string }>(text, [300_000]);
    expect(rows.map((r) => [r.big.length, r.big.slice(0, 4)])).toEqual([
      [1_200_000, "ann₹"],
      [1_200_000, "bob₹"],
    ]);
  });

  it("raises PostgreSQL's error with its code, and the connection stays usable", async () => {
    const statements = new PgliteStatements(client);
    statements.markHot("select id from accounts where id = $1::int");
    await expect(
      statements.query("select id from accounts where id = $1::int", ["not a number"]),
    ).rejects.toMatchObject({
      code: "22P02",
      query: "select id from accounts where id = $1::int",
      params: ["not a number"],
    });
    await expect(statements.query("select id from accounts where id = $1::int", [2])).resolves.toMatchObject({
      rows: [{ id: 2 }],
    });
    expect((await client.query("show plan_cache_mode")).rows).toEqual([{ plan_cache_mode: "auto" }]);
  });

  it("plans a hot statement once, and the session's plan setting is left as it was", async () => {
    const statements = new PgliteStatements(client);
    const text = "select id, name from accounts where id > $1 order by name desc limit $2";
    statements.markHot(text);
    await client.exec("set plan_cache_mode = force_custom_plan");
    for (let i = 0; i < 7; i += 1)
      expect((await statements.query(text, [0, 1])).rows).toEqual([{ id: 2, name: "bob" }]);
    expect((await client.query("show plan_cache_mode")).rows).toEqual([{ plan_cache_mode: "force_custom_plan" }]);
    await client.exec("reset plan_cache_mode");
    const plans = await client.query<{ generic_plans: number; custom_plans: number }>(
      "select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(plans.rows).toEqual([{ generic_plans: 7, custom_plans: 0 }]);
  });

  it("skips PGlite's syncToFs, which does nothing in memory or on a data directory", async () => {
    const statements = new PgliteStatements(client);
    statements.markHot("select 7 as seven");
    const sync = vi.spyOn(client, "syncToFs");
    try {
      expect((await statements.query("select 7 as seven")).rows).toEqual([{ seven: 7 }]);
      expect(sync).not.toHaveBeenCalled();
    } finally {
      sync.mockRestore();
    }
  });

  it("makes PostgreSQL log nothing", async () => {
    const logged: string[] = [];
    const quiet = await PGlite.create("memory://", {
      onStderr: (line: string) => logged.push(line) > 0,
    } satisfies PGliteOptions);
    await quiet.exec("create table t (id int primary key); insert into t values (1)");
    const startUp = logged.length;
    const statements = new PgliteStatements(quiet);
    statements.markHot("select id from t where id = $1");
    for (const id of [1, 2]) await statements.query("select id from t where id = $1", [id]);
    const during = logged.slice(startUp);
    await quiet.close();
    expect(during).toEqual([]);
  });

  it("waits for an open transaction instead of reading inside it", async () => {
    const statements = new PgliteStatements(client);
    const text = "select count(*)::int as n from accounts";
    statements.markHot(text);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const tx = client.transaction(async (t) => {
      await t.query("insert into accounts (id, name, balance, tags) values (3, 'tmp', 0, '{}')");
      inserted();
      await held;
      await t.rollback();
    });
    await didInsert;
    const read = statements.query<{ n: number }>(text);
    const raced = await Promise.race([
      read.then(() => "read"),
      new Promise((r) => setTimeout(() => r("waiting"), 100)),
    ]);
    expect(raced).toBe("waiting");
    release();
    await tx;
    expect((await read).rows).toEqual([{ n: 2 }]);
  });

  it("prepares the text again when DDL changed its result type", async () => {
    await client.exec("create table shapes (id int primary key, v int); insert into shapes values (1, 5)");
    const statements = new PgliteStatements(client);
    statements.markHot("select * from shapes");
    expect((await statements.query("select * from shapes")).rows).toEqual([{ id: 1, v: 5 }]);
    await client.exec("alter table shapes add column w text default 'new'");
    expect((await statements.query("select * from shapes")).rows).toEqual([{ id: 1, v: 5, w: "new" }]);
  });

  it("closes the least recently used statement when full", async () => {
    const statements = new PgliteStatements(client, { maxStatements: 2 });
    const before = await preparedNames(client);
    const texts = ["select 1 as a", "select 2 as b", "select 3 as c"];
    for (const text of texts) {
      statements.markHot(text);
      await statements.query(text);
    }
    // Each eviction is closed in the same call that prepares the newcomer.
    statements.markHot("select 4 as d");
    await statements.query("select 4 as d");
    expect((await preparedNames(client)).filter((n) => !before.includes(n))).toHaveLength(2);
    expect((await statements.query("select 1 as a")).rows).toEqual([{ a: 1 }]);
  });
});

describe("the server's hottest reads on PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://", template: migratedPglite() });
    await seedDemo(database.db, "hot-reads-pw-1", pino({ level: "silent" }));
  });
  afterAll(() => database.close());

  it("run the balance read and the users list as named statements", async () => {
    const { db } = database;
    const [admin] = await db.select().from(users).where(eq(users.username, "admin"));
    const [user] = await db.select().from(users).where(eq(users.username, "user"));
    const caller: Caller = {
      id: admin.id,
      username: "admin",
      role: "admin",
      parentId: null,
      modules: [],
      sessionId: "s",
    };
    for (let i = 0; i < 3; i += 1) {
      expect(await balanceOf(db, user.id)).toBe(user.balance);
      const { rows, totals } = await listUsers(
        db,
        caller,
        { page: 1, limit: 10 },
        { search: undefined, parentId: undefined, limit: 10, offset: 0 },
      );
      expect(rows.map((r) => r.username)).toContain("user");
      expect(totals.count).toBe(rows.length);
    }
    const statements = await db
      .select({ name: sql<string>`name`, statement: sql<string>`statement` })
      .from(sql`pg_prepared_statements`);
    const hot = statements.filter((s) => s.name.startsWith("pgl_hot_")).map((s) => s.statement);
    // The two reads, and the set_configs that keep them on their generic plan (and set it back in a transaction).
    expect(hot).toHaveLength(4);
    const plans = await db
      .select({ custom: sql<number>`custom_plans::int` })
      .from(sql`pg_prepared_statements`)
      .where(sql`name like 'pgl_hot_%'`);
    expect(plans.map((p) => p.custom)).toEqual([0, 0, 0, 0]);
    expect(hot.some((s) => s.startsWith('select "balance" from "users"'))).toBe(true);
    expect(hot.some((s) => s.includes("count(*) over ()"))).toBe(true);
  });

  it("run a statement marked hot() as a named statement, inside drizzle's transactions too", async () => {
    const { db } = database;
    const read = (id: string) => hot(sql`select balance from users where id = ${id} -- hot in a transaction`);
    const [user] = await db.select().from(users).where(eq(users.username, "user"));
    const inside = await db.transaction(async (tx) => tx.execute(read(user.id)));
    expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ balance: user.balance }]);
    const named = await db
      .select({ statement: sql<string>`statement` })
      .from(sql`pg_prepared_statements`)
      .where(sql`name like 'pgl_hot_%'`);
    expect(named.map((n) => n.statement)).toContain("select balance from users where id = $1 -- hot in a transaction");
  });
});
