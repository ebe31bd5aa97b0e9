import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { balanceLedger, campaignRecipients, campaigns, users } from "../db/schema";
import { rowsOf } from "../db/sql";
import { holdForCampaign, settle } from "../services/campaigns/money";
import {
  insertCampaign,
  moneySnapshot,
  rcsSetup,
  setBalance,
  smsSetup,
  whatsappSetup,
} from "./campaign-control-fixtures";
import { startServer, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// The hold a start takes, to the paisa, and what a refused start leaves (nothing). Owner: a fresh balance per test.

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.id("manager");
});
afterAll(async () => s?.close());
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
const balanceOf = async (id: string) =>
  (await db().select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
const campaignRow = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];

async function smsCampaign(recipients: number, body: string) {
  const sms = await smsSetup(db(), owner, { body });
  return insertCampaign(db(), {
    ownerId: owner,
    channel: "sms",
    templateId: sms.templateId,
    smsAccountId: sms.accountId,
    recipients,
  });
}

describe("the hold a start takes", () => {
  it("SMS: 3 segments × ₹0.25 × 1,234 recipients = ₹925.50, held exactly", async () => {
    await setBalance(db(), owner, "1000.00");
    const id = await smsCampaign(1234, "a".repeat(400));
    const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
      .data;
    expect(check).toMatchObject({
      valid: 1234,
      sendable: 1234,
      blockers: [],
      estimate: { perMessage: 0.25, segments: 3, category: null, expected: 925.5, total: 925.5 },
      balance: 1000,
      enoughBalance: true,
    });
    const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "running",
      cost: { estimated: 925.5, max: 925.5, held: 925.5, spent: 0 },
    });
    expect(await balanceOf(owner)).toBe("74.50");
    const row = await campaignRow(id);
    expect({ estimated: row.estimatedPaise, held: row.heldPaise }).toEqual({ estimated: 92_550, held: 92_550 });
    // Ledger ids are random uuids: the order of writing is created_at.
    const holds = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, owner), eq(balanceLedger.kind, "campaign_hold")))
      .orderBy(balanceLedger.createdAt);
    expect(holds.at(-1)).toMatchObject({ amount: "-925.50", balanceAfter: "74.50" });
  });

  it.each([
    ["MARKETING", 88_000, "1120.00"],
    ["UTILITY", 13_000, "1870.00"],
  ] as const)(
    "WhatsApp %s: 1,234 recipients, 1,000 within the messaging limit, hold %i paise",
    async (category, paise, after) => {
      await setBalance(db(), owner, "2000.00");
      const wa = await whatsappSetup(db(), owner, category);
      const id = await insertCampaign(db(), {
        ownerId: owner,
        channel: "whatsapp",
        templateId: wa.templateId,
        wabaId: wa.wabaId,
        recipients: 1234,
        firstNumber: 10_000,
      });
      const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
        .data;
      // The messaging limit (1,000 for an unverified business) skips the last 234.
      expect(check).toMatchObject({
        sendable: 1000,
        messagingLimit: { limit: 1000, used: 0, headroom: 1000 },
        estimate: { category, total: paise / 100 },
      });
      const res = await s.call({ method: "POST", url: `/api/waba/campaign/start-campaign/${id}`, as: "manager" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ cost: { held: paise / 100 }, counts: { queued: 1000, skipped: 234 } });
      expect(await balanceOf(owner)).toBe(after);
      expect((await campaignRow(id)).heldPaise).toBe(paise);
    },
  );

  it("WhatsApp marketing with SMS failover holds the worst case: every recipient also billed a 2-part SMS", async () => {
    await setBalance(db(), owner, "2000.00");
    const wa = await whatsappSetup(db(), owner, "MARKETING");
    const sms = await smsSetup(db(), owner, { body: "c".repeat(200) });
    const id = await insertCampaign(db(), {
      ownerId: owner,
      channel: "whatsapp",
      templateId: wa.templateId,
      wabaId: wa.wabaId,
      recipients: 900,
      firstNumber: 20_000,
      failover: { conditions: ["failed"], smsAccountId: sms.accountId, smsTemplateId: sms.templateId, params: [] },
    });
    const res = await s.call({ method: "POST", url: `/api/waba/campaign/start-campaign/${id}`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    // Estimate 900 × ₹0.88 = ₹792.00; held: the maximum, 900 × (₹0.88 + 2 × ₹0.25) = ₹1,242.00
    expect(res.json().data.cost).toEqual({
      estimated: 792,
      max: 1242,
      held: 1242,
      spent: 0,
      failoverSpent: 0,
      estimatedAt: expect.any(String),
    });
    expect(await balanceOf(owner)).toBe("758.00");
  });

  // RBM bills a text of at most 160 UTF-8 bytes as a basic message, anything richer or longer as a single one.
  it.each([
    ["RCS basic message (a short text): ₹0.15", {}, "4.95", "5.05"],
    [
      "RCS single message (a suggested reply): ₹0.30",
      { suggestions: [{ type: "reply", displayText: "Yes", postback: "yes" }] },
      "9.90",
      "0.10",
    ],
  ])("%s per message", async (_name, draft, held, left) => {
    await setBalance(db(), owner, "10.00");
    const rcs = await rcsSetup(db(), owner);
    await db().execute(
      sql`update rcs_templates set draft = draft || ${JSON.stringify(draft)}::jsonb where id = ${rcs.templateId}`,
    );
    const id = await insertCampaign(db(), {
      ownerId: owner,
      channel: "rcs",
      templateId: rcs.templateId,
      botId: rcs.botId,
      recipients: 33,
    });
    const res = await s.call({ method: "POST", url: `/api/campaigns/start-campaign/${id}`, as: "manager" });
    expect(res.json().data.cost).toMatchObject({ held: Number(held) });
    expect(await balanceOf(owner)).toBe(left);
  });

  it("uses the admin's rates", async () => {
    const set = await s.call({
      method: "PUT",
      url: "/api/v1/rates",
      as: "admin",
      payload: { sms: 0.29, whatsapp_marketing: 0.88, whatsapp_utility: 0.13, whatsapp_authentication: 0.13, rcs: 0.3 },
    });
    expect(set.json()).toMatchObject({ success: true, data: { sms: 0.29 } });
    try {
      // The earlier tests' campaigns may still be sending; one that completes gives its unspent hold back to the
      // balance while this test reads it (seen on PostgreSQL after a busy file). Paused, none completes.
      await db()
        .update(campaigns)
        .set({ status: "paused" })
        .where(and(eq(campaigns.userId, owner), eq(campaigns.status, "running")));
      await setBalance(db(), owner, "100.00");
      const id = await smsCampaign(100, "hi");
      const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
      expect(res.json().data.cost.held).toBe(29);
      expect(await balanceOf(owner)).toBe("71.00");
    } finally {
      // The later tests price at the default rates, whatever happened here.
      await s.call({
        method: "PUT",
        url: "/api/v1/rates",
        as: "admin",
        payload: {
          sms: 0.25,
          whatsapp_marketing: 0.88,
          whatsapp_utility: 0.13,
          whatsapp_authentication: 0.13,
          rcs: 0.3,
        },
      });
    }
  });
});

describe("a start the balance cannot cover", () => {
  it("is refused with the insufficient-balance message and changes nothing", async () => {
    // The earlier tests' campaigns are still sending: one that completes gives its unspent hold back to the balance
    // (on PostgreSQL that can land after the balance is set here). Paused, none completes.
    await db()
      .update(campaigns)
      .set({ status: "paused" })
      .where(and(eq(campaigns.userId, owner), eq(campaigns.status, "running")));
    await setBalance(db(), owner, "925.49");
    const id = await smsCampaign(1234, "a".repeat(400));
    const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
      .data;
    expect(check).toMatchObject({ enoughBalance: false, balance: 925.49, estimate: { total: 925.5 } });
    const before = await moneySnapshot(db(), owner, id);
    const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.insufficientBalance });
    expect(await moneySnapshot(db(), owner, id)).toEqual(before);
  });
});

describe("two starts of one campaign at once", () => {
  it("take one hold: one succeeds, the other is refused with 409", async () => {
    await setBalance(db(), owner, "500.00");
    const id = await smsCampaign(100, "hi");
    // Its ledger rows are found by its name: the owner's balance also moves as other tests' campaigns settle.
    const name = `Double start ${id}`;
    await db().update(campaigns).set({ name }).where(eq(campaigns.id, id));
    const [a, b] = await Promise.all([
      s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" }),
      s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const holds = await db()
      .select({ amount: balanceLedger.amount })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.note, `Campaign "${name}"`), eq(balanceLedger.kind, "campaign_hold")));
    expect(holds.map((h) => Number(h.amount))).toEqual([-25]);
    expect((await campaignRow(id)).heldPaise).toBe(2500);
  });
});

describe("discard releases the unused hold", () => {
  it("returns the balance to start minus what was spent, once, even with a batch in flight", async () => {
    await setBalance(db(), owner, "100.00");
    const id = await smsCampaign(200, "hi");
    // Its ledger rows are found by its name: other tests' campaigns of this owner may still settle meanwhile.
    const name = `Race ${id}`;
    await db().update(campaigns).set({ name }).where(eq(campaigns.id, id));
    await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    // The dispatcher is live: it may have claimed (and charged) a batch that is in flight when the discard lands.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const res = await s.call({ method: "PUT", url: `/api/sms/campaigns/${id}/discard`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "discarded" });
    // The batch's unsent rows give their charge back as it is written; once nothing is in flight the money rests.
    await expect
      .poll(
        async () =>
          (
            await db()
              .select({ n: sql<number>`count(*)::int` })
              .from(campaignRecipients)
              .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "sending")))
          )[0].n,
        { timeout: 15_000 },
      )
      .toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const row = await campaignRow(id);
    const [{ charged }] = await db()
      .select({ charged: sql<number>`coalesce(sum(${campaignRecipients.costPaise}), 0)::int` })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(row.spentPaise).toBe(charged);
    expect(row.heldPaise).toBe(row.spentPaise);
    // Hold minus releases, through the ledger: exactly what was spent, to the paisa.
    const net = async () => {
      const moves = await db()
        .select({ amount: balanceLedger.amount })
        .from(balanceLedger)
        .where(eq(balanceLedger.note, `Campaign "${name}"`));
      return moves.reduce((sum, m) => sum + Math.round(Number(m.amount) * 100), 0);
    };
    // (A sum, not a negation: with nothing spent yet, -0 is not +0 to toBe.)
    expect((await net()) + row.spentPaise).toBe(0);
    const again = await s.call({ method: "PUT", url: `/api/sms/campaigns/${id}/discard`, as: "manager" });
    expect(again.statusCode).toBe(409);
    expect((await net()) + row.spentPaise).toBe(0);
  });

  it("settles against the hold and releases exactly the rest", async () => {
    const [{ since }] = await rowsOf<{ since: string }>(db(), sql`select clock_timestamp()::text as since`);
    await setBalance(db(), owner, "100.00");
    const id = await smsCampaign(200, "hi");
    const { name } = await campaignRow(id);
    await db().transaction((tx) => holdForCampaign(tx, { id, userId: owner, name }, 5000, owner));
    await db().update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, id));
    // 37 messages charged to their recipients and settled (₹9.25) against the ₹50 hold, as the dispatcher does; a
    // paused campaign is not sending, so nothing races it.
    const settled = await db().transaction(async (tx) => {
      await tx.execute(sql`update campaign_recipients set state = 'sent', cost_paise = 25, sent_at = now()
        where id in (select id from campaign_recipients where campaign_id = ${id} order by row limit 37)`);
      return settle(tx, id, 37 * 25);
    });
    expect(settled).toBe(true);
    const res = await s.call({ method: "PUT", url: `/api/sms/campaigns/${id}/discard`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "discarded", cost: { held: 9.25, spent: 9.25 } });
    // This campaign's own ledger rows, by its name: the last test's discarded campaign (same owner) may still be
    // given a failed message's charge back meanwhile, which moves the balance but is not this campaign's money.
    const moves = await db()
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.note, `Campaign "${name}"`))
      .orderBy(balanceLedger.createdAt);
    expect(moves.map((m) => [m.kind, m.amount])).toEqual([
      ["campaign_hold", "-50.00"],
      ["campaign_release", "40.75"],
    ]);
    // And the balance is what it was less what was spent, unless that other campaign's money landed in between.
    const others = await db()
      .select({ paise: sql<number>`coalesce(sum(round(${balanceLedger.amount} * 100)), 0)::int` })
      .from(balanceLedger)
      .where(
        and(
          eq(balanceLedger.userId, owner),
          sql`${balanceLedger.createdAt} > ${since}::timestamptz`,
          sql`${balanceLedger.note} <> ${`Campaign "${name}"`}`,
          sql`${balanceLedger.note} not like 'Test balance set to%'`,
        ),
      );
    expect(Math.round(Number(await balanceOf(owner)) * 100)).toBe(9075 + others[0].paise);
  });
});
