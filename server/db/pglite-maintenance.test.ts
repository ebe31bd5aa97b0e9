import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./sql";
import { migratedPglite } from "../test/harness";
import { openDatabase, type Database } from "./client";
import { maintainOnce, maintenanceTargets } from "./pglite-maintenance";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://", template: migratedPglite() });
  await database.db.execute(sql`create table maint_probe (id serial primary key, v int not null)`);
  await database.db.execute(sql`insert into maint_probe (v) select g from generate_series(1, 20000) g`);
});
afterAll(async () => database.close());

const stats = async () =>
  (
    await rowsOf<{ dead: number; analyzed: boolean }>(
      database.db,
      sql`select n_dead_tup::int as dead, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'maint_probe'`,
    )
  )[0];
/** PostgreSQL flushes a backend's counters at most once a second (sooner when asked): wait until they show. */
const counted = async (until: (t: Awaited<ReturnType<typeof maintenanceTargets>>) => boolean) => {
  await expect
    .poll(
      async () => {
        await database.db.execute(sql`select pg_stat_force_next_flush()`);
        return until(await maintenanceTargets(database.db));
      },
      { timeout: 10_000 },
    )
    .toBe(true);
};
const estimate = async () => {
  const plan = await rowsOf<{ "QUERY PLAN": string }>(
    database.db,
    sql`explain select * from maint_probe where v <= 100`,
  );
  return Number(/rows=(\d+)/.exec(plan[0]?.["QUERY PLAN"] ?? "")?.[1]);
};

describe("PGlite maintenance (the autovacuum single-user PGlite lacks)", () => {
  it("vacuums and analyzes a table past autovacuum's thresholds, then leaves it alone", async () => {
    await database.db.execute(sql`update maint_probe set v = v + 1 where id <= 10000`);
    await counted((t) => t.some((x) => x.table === "maint_probe" && x.action === "vacuum"));
    expect(await stats()).toMatchObject({ analyzed: false });
    expect((await stats())?.dead).toBeGreaterThan(5000);

    const done = await maintainOnce(database.db);
    expect(done).toContainEqual({ table: "maint_probe", action: "vacuum" });
    expect(await stats()).toMatchObject({ dead: 0, analyzed: true });
    // Analyzed: the planner's estimate for 100 matching rows is near 100 (before, a guess of a third of the table).
    expect(await estimate()).toBeLessThan(500);
    expect((await maintainOnce(database.db)).map((t) => t.table)).not.toContain("maint_probe");
  });

  it("analyzes (without vacuuming) a table that only grew", async () => {
    await database.db.execute(sql`insert into maint_probe (v) select g from generate_series(1, 5000) g`);
    await counted((t) => t.some((x) => x.table === "maint_probe" && x.action === "analyze"));
    expect(await maintenanceTargets(database.db)).not.toContainEqual({ table: "maint_probe", action: "vacuum" });
    expect(await maintainOnce(database.db)).toContainEqual({ table: "maint_probe", action: "analyze" });
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect((await maintenanceTargets(database.db)).map((t) => t.table)).not.toContain("maint_probe");
  });
});
