import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE } from "../../contract/domain/campaigns";
import type { CampaignRecord, RecipientRecord } from "../../contract/calls";
import type { CampaignLiveRecord } from "../../contract/calls/campaign-live";
import { campaignRecipients, campaigns } from "../db/schema";
import { rowsOf } from "../db/sql";
import { applyFailoverReceipts } from "../services/campaigns/failover-receipts";
import { insertCampaign, smsTemplate, until, whatsappTemplate } from "./campaign-fixtures";
import { failoverSuite } from "./campaign-failover-fixtures";

// A recipient's SMS failover is a message of its own: its own provider id, state, receipts, times and cost, beside the
// WhatsApp message's, and the campaign's spend splits by channel. The sandbox's special numbers
// (contract/domain/sandbox-numbers.ts): …0x delivered on every channel, …1x refused by WhatsApp with 131026 (other
// channels delivered), …4x sent then failed on every channel. The suite checks balance = ledger after each test.
const DELIVERED = "+919000000001";
const NOT_ON_WA = "+919000000011";
const FAILS = "+919000000041";

// The failover waits this long for a message's final word: a failed receipt later than that is not failed over. The
// sandbox answers in milliseconds, but a loaded machine (a full run's parallel files) has delayed receipts by 2 s.
const suite = failoverSuite("failover-message", 4000);
const { db, recipientsOf, finished } = suite;
const smsRate = DEFAULT_RATES_PAISE.sms;
const waRate = DEFAULT_RATES_PAISE.whatsapp_utility;

async function call<T>(url: string): Promise<T> {
  const res = await suite.server.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${await suite.server.token("user")}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

describe("SMS failover as its own message", () => {
  it("a 131026 refusal's SMS is delivered and a failed WhatsApp message's SMS fails, each on its own status, times, code and cost", async () => {
    const wa = await whatsappTemplate(db(), suite.userId, { category: "UTILITY" });
    const sms = await smsTemplate(db(), suite.userId);
    const numbers = [DELIVERED, NOT_ON_WA, FAILS];
    const id = await insertCampaign(db(), {
      userId: suite.userId,
      templateId: wa.id,
      templateName: wa.name,
      numbers,
      holdPaise: numbers.length * (waRate + smsRate),
      status: "running",
      failover: {
        conditions: ["failed"],
        smsAccountId: sms.accountId,
        smsTemplateId: sms.id,
        params: ["{{name}}", "4321"],
      },
    });
    await finished(id);
    // The SMS receipts may come after the campaign completed: wait until both failovers have their final word, and
    // the failed WhatsApp message's charge has come back (WhatsApp bills delivered messages only).
    const rows = await until(
      () => recipientsOf(id),
      (rs) =>
        rs.filter((r) => r.failoverDeliveredAt || r.failoverFailedAt).length === 2 &&
        rs.every((r) => r.number !== FAILS || r.costPaise === 0),
    );
    const by = Object.fromEntries(rows.map((r) => [r.number, r]));

    // Refused by WhatsApp at submit: nothing charged on WhatsApp, the SMS charged and delivered.
    expect(by[NOT_ON_WA]).toMatchObject({
      state: "failed",
      code: "131026",
      costPaise: 0,
      failoverState: "sent",
      failoverCostPaise: smsRate,
      failoverFailedAt: null,
      failoverCode: null,
    });
    expect(by[NOT_ON_WA].failoverProviderMessageId).toEqual(expect.any(String));
    expect(by[NOT_ON_WA].failoverProviderMessageId).not.toBe(by[NOT_ON_WA].providerMessageId);
    expect(by[NOT_ON_WA].failoverSentAt!.getTime()).toBeLessThanOrEqual(by[NOT_ON_WA].failoverDeliveredAt!.getTime());
    // Its WhatsApp message failed by receipt; its SMS failed by its own receipt, with the SMS carrier's code and words.
    expect(by[FAILS]).toMatchObject({
      state: "failed",
      costPaise: 0,
      failoverState: "sent",
      failoverCostPaise: smsRate,
      failoverDeliveredAt: null,
    });
    expect(by[FAILS].failoverCode).toMatch(/\S/);
    expect(by[FAILS].failoverReason).toMatch(/\S/);
    expect(by[FAILS].failoverFailedAt).not.toBeNull();
    expect([by[FAILS].failoverCode, by[FAILS].failoverFailedAt]).not.toEqual([by[FAILS].code, by[FAILS].failedAt]);
    expect(by[DELIVERED]).toMatchObject({
      state: "delivered",
      costPaise: waRate,
      failoverState: null,
      failoverCostPaise: 0,
      failoverProviderMessageId: null,
    });

    // The control room's failover route totals both SMS its sender accepted (the campaign's every bucket).
    const live = await call<CampaignLiveRecord>(`/api/v1/campaign-control/${id}/live`);
    expect(live.routes.map((r) => r.route)).toEqual(["primary", "failover"]);
    expect(live.routes[1]).toMatchObject({ sent: 2, failed: 0 });

    // The responses show each failover as its own message beside the WhatsApp one.
    const page = await call<RecipientRecord[]>(`/api/campaigns/responses?campaignId=${id}&page=1&limit=10`);
    const shown = Object.fromEntries(page.map((r) => [r.number, r]));
    expect(shown[NOT_ON_WA]).toMatchObject({
      state: "failed",
      cost: 0,
      failedOver: true,
      failover: { state: "delivered", cost: smsRate / 100, code: null, failedAt: null },
    });
    expect(shown[NOT_ON_WA].failover?.deliveredAt).toBe(by[NOT_ON_WA].failoverDeliveredAt!.toISOString());
    expect(shown[FAILS].failover).toMatchObject({
      state: "failed",
      cost: smsRate / 100,
      code: by[FAILS].failoverCode,
      reason: by[FAILS].failoverReason,
      deliveredAt: null,
    });
    expect(shown[DELIVERED].failover).toBeNull();

    // The campaign's spend, split by channel: the SMS failovers' part of what was spent.
    const campaign = (await call<{ campaign: CampaignRecord }>(`/api/reports/campaignStatus/${id}`)).campaign;
    const channelPaise = rows.reduce((s, r) => s + r.costPaise, 0);
    expect(campaign.cost).toMatchObject({
      spent: (channelPaise + 2 * smsRate) / 100,
      failoverSpent: (2 * smsRate) / 100,
    });
    // The campaign's download has the failover's own columns beside the WhatsApp message's.
    const csv = await suite.server.app.inject({
      method: "GET",
      url: `/api/reports/download-campaign-numbers/${id}`,
      headers: { authorization: `Bearer ${await suite.server.token("user")}` },
    });
    const lines = Object.fromEntries(
      (parse(csv.body, { columns: true }) as Record<string, string>[]).map((l) => [l.number, l]),
    );
    expect(lines[NOT_ON_WA]).toMatchObject({
      state: "failed",
      cost: "0",
      failover_state: "delivered",
      failover_delivered_at: by[NOT_ON_WA].failoverDeliveredAt!.toISOString(),
      failover_cost: String(smsRate / 100),
    });
    expect(lines[FAILS]).toMatchObject({
      failover_state: "failed",
      failover_reason: by[FAILS].failoverReason,
      failover_cost: String(smsRate / 100),
    });
    expect(lines[DELIVERED]).toMatchObject({ failover_state: "", failover_cost: "" });
    // Dashboards and quota read the rollup: it counts both messages' costs, and keeps the SMS part apart.
    const [rollup] = await rowsOf<{ cost: number; failover: number }>(
      db(),
      sql`select sum(cost_paise)::int as cost, sum(failover_cost_paise)::int as failover from recipient_daily_stats where campaign_id = ${id}`,
    );
    expect(rollup).toEqual({ cost: channelPaise + 2 * smsRate, failover: 2 * smsRate });
  });

  it("a receipt that names only the provider's id (SMPP, HTTP SMS) lands on the failover SMS with that id; a delivered one is not undone", async () => {
    const wa = await whatsappTemplate(db(), suite.userId);
    const id = await insertCampaign(db(), {
      userId: suite.userId,
      templateId: wa.id,
      templateName: wa.name,
      numbers: ["+919812300001", "+919812300002"],
      holdPaise: 0,
      status: "paused",
    });
    const [a, b] = await recipientsOf(id);
    await db()
      .execute(sql`update campaign_recipients set state = 'failed', code = '131026', failover_state = 'sent', failed_over = true, failover_sent_at = now(),
      failover_provider_message_id = 'smsc-' || id::text where campaign_id = ${id}`);
    const at = "2026-12-01T10:00:00.000Z";
    const matched = await applyFailoverReceipts(db(), [
      { providerMessageId: `smsc-${a.id}`, status: "delivered", deliveredAt: at },
      {
        providerMessageId: `smsc-${b.id}`,
        status: "failed",
        failedAt: at,
        code: "UNDELIV:001",
        reason: "stat:UNDELIV err:001",
      },
      { providerMessageId: "smsc-nobody", status: "delivered", deliveredAt: at },
    ]);
    expect(matched.map((m) => [m.key, m.changed]).sort()).toEqual([
      [`smsc-${a.id}`, true],
      [`smsc-${b.id}`, true],
    ]);
    // A late failure after delivery changes nothing, and says so.
    const again = await applyFailoverReceipts(db(), [
      { providerMessageId: `smsc-${a.id}`, status: "failed", failedAt: at, code: "X", reason: "late" },
    ]);
    expect(again).toEqual([expect.objectContaining({ key: `smsc-${a.id}`, changed: false })]);
    const rows = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(campaignRecipients.id);
    expect(
      rows.map((r) => [
        r.failoverDeliveredAt?.toISOString() ?? null,
        r.failoverFailedAt?.toISOString() ?? null,
        r.failoverCode,
      ]),
    ).toEqual([
      [at, null, null],
      [null, at, "UNDELIV:001"],
    ]);
    await db().update(campaigns).set({ status: "discarded" }).where(eq(campaigns.id, id));
  });
});
