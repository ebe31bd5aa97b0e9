// RCS → SMS failover, the WhatsApp failover's rules (campaign-failover.test.ts) on an RCS campaign through the
// sandbox: the same dispatcher path with RCS's conditions. Not RCS-capable is the capability refusal (404, or 403
// when the bot is not launched on the recipient's carrier); undelivered is no delivered receipt within the TTL, or
// the message revoked when its TTL passed (EXPIRED).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE, type FailoverCondition } from "../../contract/domain/campaigns";
import { campaignRecipients, campaigns } from "../db/schema";
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
} from "./campaign-fixtures";
import { rcsSetup } from "./campaign-control-fixtures";
import { failoverSuite } from "./campaign-failover-fixtures";
import { freshDatabase } from "./harness";

// The sandbox's special numbers (contract/domain/sandbox-numbers.ts): …0x always delivered, …2x not RCS-capable
// (404 at submit), …3x the agent not launched on the carrier (403 at submit), …4x sent then a failed receipt, …7x
// sent and never confirmed.
const DELIVERED = "+919000000001";
const NOT_RCS = "+919000000021";
const NOT_LAUNCHED = "+919000000031";
const FAILS = "+919000000041";
const SILENT = "+919000000071";
const TTL_MS = 1500;

const suite = failoverSuite("failover-rcs", TTL_MS);
const { db, campaignOf, recipientsOf, finished, smsLog } = suite;
const smsRate = DEFAULT_RATES_PAISE.sms;
// Its RCS template is a short text: an RBM basic message (contract/domain/charging.ts).
const rcsRate = DEFAULT_RATES_PAISE.rcs_basic;

async function failoverCampaign(
  conditions: FailoverCondition[],
  numbers: string[],
  opts: { params?: string[]; status?: "running" | "paused" } = {},
) {
  const rcs = await rcsSetup(db(), suite.userId);
  const sms = await smsTemplate(db(), suite.userId);
  const id = await insertCampaign(db(), {
    userId: suite.userId,
    channel: "rcs",
    templateId: rcs.templateId,
    templateName: "rcs offer",
    sender: rcs.botId,
    numbers,
    holdPaise: numbers.length * (rcsRate + smsRate) + 500,
    status: opts.status ?? "running",
    failover: {
      conditions,
      smsAccountId: sms.accountId,
      smsTemplateId: sms.id,
      params: opts.params ?? ["{{name}}", "4321"],
    },
  });
  await db().update(campaigns).set({ botId: rcs.botId }).where(eq(campaigns.id, id));
  return { id, sms, botId: rcs.botId };
}

describe("RCS SMS failover", () => {
  it("not_rcs_capable: the 404 and 403 capability refusals are sent the SMS template through the SMS account, billed as SMS, counted failed over", async () => {
    const before = await balanceOf(db(), suite.userId);
    const { id, sms } = await failoverCampaign(["not_rcs_capable"], [DELIVERED, NOT_RCS, NOT_LAUNCHED]);
    const done = await finished(id);
    const rows = await recipientsOf(id);
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[NOT_RCS]).toMatchObject({
      state: "failed",
      code: "404",
      failoverState: "sent",
      failedOver: true,
      costPaise: 0,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[NOT_LAUNCHED]).toMatchObject({
      state: "failed",
      code: "403",
      failoverState: "sent",
      failedOver: true,
      costPaise: 0,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[DELIVERED]).toMatchObject({
      state: "delivered",
      failoverState: null,
      failedOver: false,
      costPaise: rcsRate,
    });
    const sent = suite.server.carrier.sent.filter((m) => m.id === `${byNumber[NOT_RCS].id}:sms`);
    expect(sent).toEqual([
      expect.objectContaining({
        channel: "sms",
        from: sms.senderId,
        to: NOT_RCS,
        replyTo: sms.replyNumber,
        content: { kind: "text", text: "Dear Name 1, your code is 4321. - ACME", dltTemplateId: sms.dltTemplateId },
      }),
    ]);
    expect(suite.server.carrier.sends.get(`${byNumber[DELIVERED].id}:sms`)).toBeUndefined();
    const spent = rows.reduce((s, r) => s + r.costPaise + r.failoverCostPaise, 0);
    expect(spent).toBe(rcsRate + 2 * smsRate);
    expect(done).toMatchObject({ spentPaise: spent, heldPaise: spent });
    expect(await balanceOf(db(), suite.userId)).toBe(before - spent);
    expect((await countsOf(db(), [id])).get(id)?.failedOver).toBe(2);
  });

  it("not_rcs_capable: a failure with another code does not fail over", async () => {
    const { id } = await failoverCampaign(["not_rcs_capable"], ["+919000000002", "+919000000003", "+919000000004"], {
      status: "paused",
    });
    const [other, expired, notRcs] = await recipientsOf(id);
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '500', failed_at = now() where id = ${other.id}`,
    );
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = 'EXPIRED', failed_at = now() where id = ${expired.id}`,
    );
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '404', failed_at = now() where id = ${notRcs.id}`,
    );
    await db().update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));
    await finished(id);
    const rows = await recipientsOf(id);
    expect(rows.map((r) => [r.code, r.failoverState, r.failedOver])).toEqual([
      ["500", null, false],
      ["EXPIRED", null, false],
      ["404", "sent", true],
    ]);
  });

  it("failed: every failed recipient (refused at submit or by a failed receipt) fails over", async () => {
    const { id } = await failoverCampaign(["failed"], [DELIVERED, NOT_RCS, FAILS]);
    await finished(id);
    // Its RCS message was accepted (charged at send) and then failed: RBM bills only delivered messages, so settlement
    // gives that charge back; the SMS that followed is billed on submission.
    const rows = await until(
      () => recipientsOf(id),
      (list) => list.every((r) => r.number !== FAILS || r.costPaise === 0),
      5000,
    );
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[NOT_RCS]).toMatchObject({
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

  it("undelivered: no delivered receipt within the TTL fails over (the RCS message asked to be revoked by then), and the campaign completes only after it", async () => {
    const { id, sms } = await failoverCampaign(["undelivered"], [DELIVERED, SILENT, NOT_RCS], {
      params: ["Customer", "99"],
    });
    const done = await finished(id);
    const rows = await recipientsOf(id);
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber[SILENT]).toMatchObject({
      state: "sent",
      failoverState: "sent",
      failedOver: true,
      costPaise: rcsRate,
      failoverCostPaise: smsRate,
    });
    expect(byNumber[DELIVERED]).toMatchObject({ state: "delivered", failoverState: null, costPaise: rcsRate });
    // Refused at submit: never sent, so never "undelivered" (that is not_rcs_capable's).
    expect(byNumber[NOT_RCS]).toMatchObject({ state: "failed", failoverState: null, costPaise: 0 });
    expect(done.completedAt!.getTime() - byNumber[SILENT].sentAt!.getTime()).toBeGreaterThanOrEqual(TTL_MS);
    expect(done).toMatchObject({ spentPaise: 2 * rcsRate + smsRate, heldPaise: 2 * rcsRate + smsRate });
    const rcsSend = suite.server.carrier.sent.find((m) => m.id === String(byNumber[SILENT].id));
    expect(rcsSend).toMatchObject({ channel: "rcs", ttlSeconds: Math.ceil(TTL_MS / 1000) });
    expect(suite.server.carrier.sent.find((m) => m.id === `${byNumber[SILENT].id}:sms`)?.content).toEqual({
      kind: "text",
      text: "Dear Customer, your code is 99. - ACME",
      dltTemplateId: sms.dltTemplateId,
    });
  });

  it("undelivered: a message revoked as its TTL passed (EXPIRED) fails over (another failure does not); without undelivered no TTL is asked for", async () => {
    const { id } = await failoverCampaign(["undelivered"], ["+919000000005", "+919000000006"], { status: "paused" });
    const [revoked, failed] = await recipientsOf(id);
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = 'EXPIRED', sent_at = now(), failed_at = now() where id = ${revoked.id}`,
    );
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '500', sent_at = now(), failed_at = now() where id = ${failed.id}`,
    );
    await db().update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));
    const rows = await until(
      () => recipientsOf(id),
      (r) => r[0].failoverState === "sent",
    );
    expect(rows.map((r) => [r.code, r.failoverState])).toEqual([
      ["EXPIRED", "sent"],
      ["500", null],
    ]);

    const plain = await failoverCampaign(["failed"], [DELIVERED]);
    await finished(plain.id);
    const [row] = await recipientsOf(plain.id);
    expect(suite.server.carrier.sent.find((m) => m.id === String(row.id))?.ttlSeconds).toBeUndefined();
  });

  it("a failover whose lease lapsed is re-sent with the same key (delivered once, charged once); a sent one never again", async () => {
    const numbers = [NOT_RCS, "+919000000022", "+919000000023"];
    const { id, sms } = await failoverCampaign(["not_rcs_capable"], numbers, { status: "paused" });
    const [crashed, done, fresh] = await recipientsOf(id);
    await db().execute(
      sql`update campaign_recipients set state = 'failed', code = '404', failed_at = now() where campaign_id = ${id}`,
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

  // Its own database and server: on a loaded machine their start-up alone has taken most of the default 30 s.
  it("without idempotency keys a lapsed failover becomes unknown, is never re-sent, and stays charged", async () => {
    const own = await freshDatabase();
    const carrier = countingCarrier(
      createSandboxCarrier(testSandboxConfig("failover-rcs-plain", FAST_MESSAGES)),
      false,
    );
    const s = await dispatchServer(own, { carrier, dispatch: { failoverTtlMs: TTL_MS } });
    try {
      const owner = await s.id("user");
      await setBalance(own.db, owner, "1000.00");
      const rcs = await rcsSetup(own.db, owner);
      const sms = await smsTemplate(own.db, owner);
      const id = await insertCampaign(own.db, {
        userId: owner,
        channel: "rcs",
        templateId: rcs.templateId,
        templateName: "rcs offer",
        sender: rcs.botId,
        numbers: [NOT_RCS],
        holdPaise: rcsRate + smsRate,
        status: "paused",
        failover: { conditions: ["not_rcs_capable"], smsAccountId: sms.accountId, smsTemplateId: sms.id, params: [] },
      });
      await own.db.execute(
        sql`update campaign_recipients set state = 'failed', code = '404', failover_state = 'sending', lease_until = now() - interval '1 second', failover_cost_paise = ${smsRate} where campaign_id = ${id}`,
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
  }, 60_000);
});
