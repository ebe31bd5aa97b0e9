import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns } from "../db/schema";
import { rowsOf } from "../db/sql";
import {
  dispatchServer,
  insertCampaign,
  ordinaryNumbers,
  setBalance,
  smsTemplate,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { rollupAndRaw } from "./dashboard-fixtures";
import { freshDatabase } from "./harness";

// recipient_daily_stats is kept by triggers on campaign_recipients: here the real dispatcher, receipts, replies and
// SMS failover write the recipients, and the rollup must equal the rows grouped the same way, to the paisa.

let database: Database;
let server: DispatchServer;
let userId: string;
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, { dispatch: { failoverTtlMs: 200 } });
  userId = await server.id("user");
  await setBalance(database.db, userId, "100000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const db = () => database.db;

/** The recipients' states and costs, as a fingerprint that stops changing once the receipts have all arrived. */
const fingerprint = async () =>
  JSON.stringify(
    await rowsOf(
      db(),
      sql`select state, failover_state, count(*)::int, sum(cost_paise + failover_cost_paise)::int, count(failover_delivered_at)::int, count(failover_failed_at)::int from campaign_recipients group by 1, 2 order by 1, 2`,
    ),
  );

/** The states the first campaign's recipients reach in the end: the special numbers guarantee each of them. */
const FINAL_STATES = ["delivered", "read", "replied", "failed"];

/**
 * Waits until the first campaign shows every final state and has failed over, then until the fingerprint holds still
 * for a second: on a loaded machine (the PostgreSQL pass runs beside the multi-process scale test) a receipt can lag
 * more than one short pause behind the last, so stillness alone is not the end.
 */
async function settled(first: string): Promise<void> {
  await until(
    () => db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, first)),
    (rows) => rows.some((r) => r.failedOver) && FINAL_STATES.every((s) => rows.some((r) => r.state === s)),
    30_000,
  );
  let last = "";
  let still = 0;
  await until(
    async () => {
      const now = await fingerprint();
      still = now === last ? still + 1 : 0;
      last = now;
      await new Promise((r) => setTimeout(r, 250));
      return still;
    },
    (n) => n >= 4,
    30_000,
  );
}

describe("the dashboards' rollup", () => {
  it("equals the recipient rows after real sends, receipts, replies and SMS failover", async () => {
    const wa = await whatsappTemplate(db(), userId);
    const sms = await smsTemplate(db(), userId);
    // Ordinary numbers (the sandbox's mix of outcomes) and the special ones: refused, failing, replying, never
    // confirmed.
    const special = ["+919000000010", "+919000000041", "+919000000060", "+919000000071", "+919000000052"];
    const failover = {
      conditions: ["not_on_whatsapp" as const, "failed" as const],
      smsAccountId: sms.accountId,
      smsTemplateId: sms.id,
      params: ["{{name}}", "1"],
    };
    const first = await insertCampaign(db(), {
      userId,
      templateId: wa.id,
      templateName: wa.name,
      numbers: [...ordinaryNumbers(240), ...special],
      holdPaise: 1_000_000,
      failover,
    });
    const second = await insertCampaign(db(), {
      userId,
      channel: "sms",
      templateId: sms.id,
      templateName: sms.name,
      sender: sms.senderId,
      smsAccountId: sms.accountId,
      numbers: ordinaryNumbers(160, 5000),
      rowVariables: (n) => [`Name ${n}`, String(n)],
      variables: ["{{name}}", "{{code}}"],
      holdPaise: 1_000_000,
    });
    await until(
      () => db().select().from(campaigns),
      (cs) => cs.filter((c) => [first, second].includes(c.id)).every((c) => c.status === "completed"),
      30_000,
    );
    await settled(first);

    const rows = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, first));
    expect(rows.some((r) => r.failedOver)).toBe(true);
    expect([...new Set(rows.map((r) => r.state))]).toEqual(expect.arrayContaining(FINAL_STATES));
    const { rollup, raw } = await rollupAndRaw(db());
    expect(rollup).toEqual(raw);
    // The rollup holds what was sent: its spend is the campaigns' spend.
    const [money] = await rowsOf<{ rollup: number; spent: number }>(
      db(),
      sql`select (select sum(cost_paise)::int from recipient_daily_stats where campaign_id in (${first}, ${second})) as rollup,
                 (select sum(spent_paise)::int from campaigns where id in (${first}, ${second})) as spent`,
    );
    expect(money.rollup).toBe(money.spent);
    expect(money.spent).toBeGreaterThan(0);
    // Its waits (the campaigns' end, then the receipts' stillness) may each take up to 30 s on a loaded machine.
  }, 90_000);

  it("stays equal when recipients or whole campaigns are deleted, and when a statement changes nothing it counts", async () => {
    const [one] = await rowsOf<{ id: string }>(
      db(),
      sql`select id::text from campaigns where status = 'completed' order by created_at limit 1`,
    );
    await db().execute(
      sql`update campaign_recipients set lease_until = now(), attempts = attempts where campaign_id = ${one.id}`,
    );
    await db().execute(sql`delete from campaign_recipients where campaign_id = ${one.id} and id % 3 = 0`);
    let { rollup, raw } = await rollupAndRaw(db());
    expect(rollup).toEqual(raw);
    await db().delete(campaigns).where(eq(campaigns.id, one.id));
    ({ rollup, raw } = await rollupAndRaw(db()));
    expect(rollup).toEqual(raw);
    const [left] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from recipient_daily_stats where campaign_id = ${one.id}`,
    );
    expect(left.n).toBe(0);
  });

  it("a statement that fails changes neither the recipients nor the rollup", async () => {
    const before = await rollupAndRaw(db());
    await expect(
      db().execute(sql`update campaign_recipients set state = 'delivered', row = row / 0`),
    ).rejects.toThrow();
    expect(await rollupAndRaw(db())).toEqual(before);
  });
});
