// Settlement gives a failed message's charge back while a dispatcher ends the same campaign. The dispatcher holds
// the campaign's row, marks it completed and releases what it held beyond its spend; settlement, which listed the
// campaign as running before that, waits on the row, then shrinks the spend. The money it gave back must be released
// too, or the completed campaign keeps holding it (seen under load as "completed but still holds ₹0.13").
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROW_LOCK } from "../db/locks";
import type { Database } from "../db/client";
import { rowsOf, type Tx } from "../db/sql";
import { campaigns, users } from "../db/schema";
import { seedDemo } from "../seed";
import { releaseHold } from "../services/campaigns/money";
import { settleCharges } from "../services/campaigns/settlement";
import { insertCampaign, ordinaryNumbers, setBalance, until, whatsappTemplate } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

const RATE = 13;
let database: Database & { url?: string };
let userId = "";

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemo(database.db, "settlement-race-pw-1", pino({ level: "silent" }));
  const [user] = await database.db.select().from(users).where(eq(users.username, "user"));
  userId = user.id;
  await setBalance(database.db, userId, "1000.00");
});
afterAll(async () => {
  await database?.close();
});

/** Whether some connection of this database is waiting for a row lock. */
async function someoneWaits(): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row.n > 0;
}

describe("settlement racing a campaign's completion", () => {
  it("releases what it gives back once the campaign has ended meanwhile", async () => {
    if (!database.url) throw new Error("this test needs PostgreSQL (DATABASE_URL)");
    const { db } = database;
    const template = await whatsappTemplate(db, userId, { category: "UTILITY" });
    const id = await insertCampaign(db, {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: ordinaryNumbers(2),
      holdPaise: 2 * RATE,
      status: "running",
    });
    // One message delivered and charged, one failed by its receipt and still charged (settlement gives it back).
    await db.execute(sql`update campaign_recipients set state = case when row = 2 then 'delivered' else 'failed' end,
      cost_paise = ${RATE}, sent_at = now() where campaign_id = ${id}`);
    await db
      .update(campaigns)
      .set({ spentPaise: 2 * RATE })
      .where(eq(campaigns.id, id));
    await expectLedgerBalanced(db);

    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // The dispatcher's end of the campaign, held open until settlement is waiting on the row.
    const completion = db.transaction(async (txDb) => {
      const tx = txDb as unknown as Tx;
      await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).for(ROW_LOCK);
      await tx.update(campaigns).set({ status: "completed", completedAt: new Date() }).where(eq(campaigns.id, id));
      await releaseHold(tx, id, userId);
      locked();
      await gate;
    });
    await holding;
    const settling = settleCharges(db, {
      now: new Date(),
      windowMs: 60_000,
      smsBilledOn: "submitted",
      campaignIds: [id],
    });
    await until(someoneWaits, Boolean, 10_000);
    finish();
    await completion;
    const settled = await settling;

    expect(settled.givenBack).toBe(RATE);
    const [after] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect({ status: after.status, held: after.heldPaise, spent: after.spentPaise }).toEqual({
      status: "completed",
      held: RATE,
      spent: RATE,
    });
    await expectLedgerBalanced(db);
  });
});
