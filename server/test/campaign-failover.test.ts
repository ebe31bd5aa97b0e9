import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE, type FailoverCondition } from "../../contract/domain/campaigns";
import { campaignRecipients, campaigns } from "../db/schema";
import { failoverParams } from "../services/campaigns/dispatch-failover";
import { countsOf } from "../services/campaigns/records";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import {
  FAST_MESSAGES,
  balanceOf,
  countingCarrier,
  dispatchServer,
  insertCampaign,
  setBalance,
  smsTemplate,
  until,
  whatsappTemplate,
} from "./campaign-fixtures";
import { failoverSuite } from "./campaign-failover-fixtures";
import { freshDatabase } from "./harness";

// The sandbox's special numbers (contract/domain/sandbox-numbers.ts): …0x always delivered, …1x not on WhatsApp
// (131026 at submit), …4x sent then a failed receipt, …7x sent and never confirmed.
const DELIVERED = "+919000000001";
const NOT_ON_WA = "+919000000011";
const FAILS = "+919000000041";
const SILENT = "+919000000071";
// Receipts come within milliseconds on the fast sandbox, but they are written by the server like any other event: on a
// loaded machine (CI runs test files side by side) 200 ms was sometimes too short, and a delivered number failed over.
const TTL_MS = 1500;

const suite = failoverSuite("failover", TTL_MS);
const { db, campaignOf, recipientsOf, finished, smsLog } = suite;
const smsRate = DEFAULT_RATES_PAISE.sms;
const waRate = DEFAULT_RATES_PAISE.whatsapp_utility;

async function failoverCampaign(conditions: FailoverCondition[], numbers: string[], params = ["{{name}}", "4321"]) {
  const wa = await whatsappTemplate(db(), suite.userId, { category: "UTILITY" });
  const sms = await smsTemplate(db(), suite.userId);
  const id = await insertCampaign(db(), {
    userId: suite.userId,
    templateId: wa.id,
    templateName: wa.name,
    numbers,
    holdPaise: numbers.length * (waRate + smsRate) + 500,
    status: "running",
    failover: { conditions, smsAccountId: sms.accountId, smsTemplateId: sms.id, params },
  });
  return { id, sms };
}

describe("WhatsApp SMS failover", () => {
  it("not_on_whatsapp: a 131026 refusal is sent the SMS template through the SMS account, billed as SMS, counted failed over", async () => {
    const before = await balanceOf(db(), suite.userId);
    const { id, sms } = await failoverCampaign(["not_on_whatsapp"], [DELIVERED, NOT_ON_WA, FAILS]);
    const done = await finished(id);
    const rows = await recipientsOf(id);
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[NOT_ON_WA]).toMatchObject({
      state: "failed",
      code: "131026",
      failoverState: "sent",
      failedOver: true,
      costPaise: 0,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[DELIVERED]).toMatchObject({ failoverState: null, failedOver: false, costPaise: waRate });
    // A failed receipt fails over only when WhatsApp's code says "not on WhatsApp" (the sandbox draws the code).
    expect(byNumber[FAILS]).toMatchObject(
      byNumber[FAILS].code === "131026"
        ? { failoverState: "sent", failedOver: true }
        : { failoverState: null, failedOver: false },
    );
    const sent = suite.server.carrier.sent.filter((m) => m.id === `${byNumber[NOT_ON_WA].id}:sms`);
    expect(sent).toEqual([
      expect.objectContaining({
        channel: "sms",
        from: sms.senderId,
        to: NOT_ON_WA,
        replyTo: sms.replyNumber,
        content: { kind: "text", text: `Dear Name 1, your code is 4321. - ACME`, dltTemplateId: sms.dltTemplateId },
      }),
    ]);
    const spent = rows.reduce((s, r) => s + r.costPaise + r.failoverCostPaise, 0);
    expect(done).toMatchObject({ spentPaise: spent, heldPaise: spent });
    expect(await balanceOf(db(), suite.userId)).toBe(before - spent);
    expect((await countsOf(db(), [id])).get(id)?.failedOver).toBe(rows.filter((r) => r.failedOver).length);
    expect(rows.filter((r) => r.failedOver).length).toBeGreaterThanOrEqual(1);
  });

  it("not_on_whatsapp: a failure with another WhatsApp code does not fail over", async () => {
    const { id } = await failoverCampaign(["not_on_whatsapp"], ["+919000000002", "+919000000003"]);
    await db().update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, id));
    const [other, notOnWa] = await recipientsOf(id);
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '131049', failed_at = now() where id = ${other.id}`,
    );
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '131026', failed_at = now() where id = ${notOnWa.id}`,
    );
    await db().update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));
    await finished(id);
    const rows = await recipientsOf(id);
    expect(rows.map((r) => [r.code, r.failoverState, r.failedOver])).toEqual([
      ["131049", null, false],
      ["131026", "sent", true],
    ]);
    expect(suite.server.carrier.sends.get(`${other.id}:sms`)).toBeUndefined();
  });

  it("failed: every failed recipient (refused at submit or by a failed receipt) fails over", async () => {
    const { id } = await failoverCampaign(["failed"], [DELIVERED, NOT_ON_WA, FAILS]);
    await finished(id);
    // Its WhatsApp message was accepted (charged at send) and then failed: WhatsApp bills only delivered messages, so
    // settlement gives that charge back; the SMS that followed is billed on submission.
    const rows = await until(
      () => recipientsOf(id),
      (list) => list.every((r) => r.number !== FAILS || r.costPaise === 0),
      5000,
    );
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[NOT_ON_WA]).toMatchObject({
      failoverState: "sent",
      failedOver: true,
      costPaise: 0,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[FAILS]).toMatchObject({
      state: "failed",
      failoverState: "sent",
      failedOver: true,
      costPaise: 0,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[DELIVERED]).toMatchObject({ failoverState: null, failedOver: false });
    expect((await campaignOf(id)).spentPaise).toBe(rows.reduce((s, r) => s + r.costPaise + r.failoverCostPaise, 0));
  });

  it("undelivered: no delivered receipt within the TTL fails over, and the campaign completes only after it", async () => {
    const { id, sms } = await failoverCampaign(["undelivered"], [DELIVERED, SILENT], ["Customer", "99"]);
    const done = await finished(id);
    const rows = await recipientsOf(id);
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    // Read as the campaign completed: the failover was already sent and billed.
    expect(byNumber[SILENT]).toMatchObject({
      state: "sent",
      failoverState: "sent",
      failedOver: true,
      costPaise: waRate,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[DELIVERED]).toMatchObject({ state: "delivered", failoverState: null, costPaise: waRate });
    expect(done.completedAt!.getTime() - byNumber[SILENT].sentAt!.getTime()).toBeGreaterThanOrEqual(TTL_MS);
    expect(done).toMatchObject({ spentPaise: 2 * waRate + smsRate, heldPaise: 2 * waRate + smsRate });
    expect(suite.server.carrier.sent.find((m) => m.id === `${byNumber[SILENT].id}:sms`)?.content).toEqual({
      kind: "text",
      text: "Dear Customer, your code is 99. - ACME",
      dltTemplateId: sms.dltTemplateId,
    });
  });

  it("a failover whose lease lapsed is re-sent with the same key (delivered once, charged once); a sent one never again", async () => {
    const numbers = [NOT_ON_WA, "+919000000012", "+919000000013"];
    const { id, sms } = await failoverCampaign(["not_on_whatsapp"], numbers);
    // Paused before any send, then shaped as a worker that died: one recipient charged and its SMS sent (lease
    // lapsed, outcome never written), one whose failover was fully written.
    await db().update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, id));
    const [crashed, done, fresh] = await recipientsOf(id);
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '131026', failed_at = now() where campaign_id = ${id}`,
    );
    await db().execute(
      sql`update campaign_recipients set failover_state = 'sending', lease_until = now() - interval '1 second', failover_cost_paise = ${smsRate} where id = ${crashed.id}`,
    );
    await db().execute(
      sql`update campaign_recipients set failover_state = 'sent', failed_over = true, failover_cost_paise = ${smsRate} where id = ${done.id}`,
    );
    await db()
      .update(campaigns)
      .set({ spentPaise: 2 * smsRate })
      .where(eq(campaigns.id, id));
    await suite.server.carrier.send({
      id: `${crashed.id}:sms`,
      channel: "sms",
      from: sms.senderId,
      to: crashed.number,
      content: { kind: "text", text: "Dear Name 0, your code is 4321. - ACME" },
    });
    await db().update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));

    const completed = await finished(id);
    const rows = await recipientsOf(id);
    expect(rows.map((r) => [r.failoverState, r.failedOver, r.failoverCostPaise])).toEqual(
      numbers.map(() => ["sent", true, smsRate]),
    );
    expect(smsLog(crashed.id)).toEqual({ first: 1, again: 1 });
    expect(smsLog(done.id)).toEqual({ first: 0, again: 0 });
    expect(smsLog(fresh.id)).toEqual({ first: 1, again: 0 });
    expect(completed).toMatchObject({ spentPaise: 3 * smsRate, heldPaise: 3 * smsRate });
  });

  it("without idempotency keys a lapsed failover becomes unknown, is never re-sent, and stays charged", async () => {
    const own = await freshDatabase();
    const carrier = countingCarrier(createSandboxCarrier(testSandboxConfig("failover-plain", FAST_MESSAGES)), false);
    const s = await dispatchServer(own, { carrier, dispatch: { failoverTtlMs: TTL_MS } });
    try {
      const owner = await s.id("user");
      await setBalance(own.db, owner, "1000.00");
      const wa = await whatsappTemplate(own.db, owner);
      const sms = await smsTemplate(own.db, owner);
      const id = await insertCampaign(own.db, {
        userId: owner,
        templateId: wa.id,
        templateName: wa.name,
        numbers: [NOT_ON_WA],
        holdPaise: waRate + smsRate,
        status: "paused",
        failover: { conditions: ["not_on_whatsapp"], smsAccountId: sms.accountId, smsTemplateId: sms.id, params: [] },
      });
      await own.db.execute(
        sql`update campaign_recipients set state = 'failed', code = '131026', failover_state = 'sending', lease_until = now() - interval '1 second', failover_cost_paise = ${smsRate} where campaign_id = ${id}`,
      );
      await own.db.update(campaigns).set({ status: "running", spentPaise: smsRate }).where(eq(campaigns.id, id));
      const completed = await until(
        async () => (await own.db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
        (c) => c.status === "completed",
      );
      const [row] = await own.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      expect(row).toMatchObject({
        failoverState: "unknown",
        failedOver: true,
        costPaise: 0,
        failoverCostPaise: smsRate,
      });
      expect(carrier.sends.get(`${row.id}:sms`)).toBeUndefined();
      expect(completed).toMatchObject({ spentPaise: smsRate, heldPaise: smsRate });
    } finally {
      await s.close();
      await own.close();
    }
  });

  it("{{column}} params take the recipient's value of the WhatsApp variable naming that column, else empty", () => {
    expect(failoverParams(["{{ name }}", "fixed", "{{city}}"], ["{{name}}", "Hi"], ["Asha", null])).toEqual([
      "Asha",
      "fixed",
      "",
    ]);
  });
});
