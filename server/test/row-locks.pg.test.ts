// A row that other tables reference is locked FOR NO KEY UPDATE (server/db/locks.ts): an insert that references it
// checks its key with FOR KEY SHARE, which FOR UPDATE blocks. Here the insert is the dashboards' rollup trigger, run
// by a receipt's update of a recipient while a transaction holds the recipient's campaign the way the dispatcher does.
// With FOR UPDATE the receipt waits for that transaction; dispatcher and receipts then deadlocked now and then.
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { ROW_LOCK } from "../db/locks";
import { users } from "../db/schema";
import { seedDemo } from "../seed";
import { insertCampaign, ordinaryNumbers, setBalance, whatsappTemplate } from "./campaign-fixtures";
import { freshDatabase } from "./harness";

let database: Database & { url?: string };
let campaignId: string;
beforeAll(async () => {
  database = await freshDatabase();
  const { db } = database;
  await seedDemo(db, "row-locks-pw-1", pino({ level: "silent" }));
  const [user] = await db.select().from(users).where(eq(users.username, "user"));
  await setBalance(db, user.id, "1000.00");
  const template = await whatsappTemplate(db, user.id);
  campaignId = await insertCampaign(db, {
    userId: user.id,
    templateId: template.id,
    templateName: template.name,
    numbers: ordinaryNumbers(4),
    holdPaise: 1000,
    status: "ready",
  });
});
afterAll(async () => {
  await database?.close();
});

async function connect(): Promise<pg.Client> {
  if (!database.url) throw new Error("this test needs PostgreSQL (DATABASE_URL)");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return client;
}

/**
 * Whether recipient `row` can be marked delivered (a rollup row new to the campaign) while `lock` holds the campaign.
 */
async function deliveredUnder(lock: string, row: number): Promise<boolean> {
  const holder = await connect();
  const receipts = await connect();
  try {
    await holder.query("begin");
    await holder.query(`select 1 from campaigns where id = $1 for ${lock}`, [campaignId]);
    await receipts.query("set statement_timeout = 3000");
    const state = row === 2 ? "delivered" : "read";
    return await receipts
      .query("update campaign_recipients set state = $3, sent_at = now() where campaign_id = $1 and row = $2", [
        campaignId,
        row,
        state,
      ])
      .then(
        () => true,
        (error: { code?: string }) => (error.code === "57014" ? false : Promise.reject(error)),
      );
  } finally {
    await holder.query("rollback");
    await Promise.all([holder.end(), receipts.end()]);
  }
}

describe("the row lock on a campaign", () => {
  it("lets a receipt's rollup insert check its key meanwhile", async () => {
    expect(await deliveredUnder(ROW_LOCK, 2)).toBe(true);
  });

  it("where FOR UPDATE made it wait (the lock this replaced)", async () => {
    expect(await deliveredUnder("update", 3)).toBe(false);
  });
});
