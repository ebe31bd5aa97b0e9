// Holds released when the work ends. A campaign finishes (completed, the hold beyond its spend released) as soon as
// nothing can change its money any more. Without SMS failover that is its last send, whatever receipts are still to
// come. With failover, a receipt can still make a recipient due (a failed one, or none within the TTL): the campaign
// waits until the last message's TTL ends, keeps on hold only what those failovers can cost, and says so.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE, type FailoverCondition } from "../../contract/domain/campaigns";
import { campaignRecipients } from "../db/schema";
import { insertCampaign, smsTemplate, until, whatsappTemplate } from "./campaign-fixtures";
import { failoverSuite } from "./campaign-failover-fixtures";
import { expectLedgerBalanced } from "./ledger-invariant";

// The sandbox's special numbers (contract/domain/sandbox-numbers.ts): …0x always delivered, …7x sent and never
// confirmed.
const DELIVERED = "+919000000001";
const SILENT = "+919000000071";
const TTL_MS = 6000;

const suite = failoverSuite("finish", TTL_MS);
const { db, campaignOf, recipientsOf } = suite;
afterEach(async () => expectLedgerBalanced(db()));

const { sms: SMS, whatsapp_utility: WA } = DEFAULT_RATES_PAISE;
const SPARE = 500;

async function campaign(conditions: FailoverCondition[] | null) {
  const wa = await whatsappTemplate(db(), suite.userId, { category: "UTILITY" });
  const sms = await smsTemplate(db(), suite.userId);
  return insertCampaign(db(), {
    userId: suite.userId,
    templateId: wa.id,
    templateName: wa.name,
    numbers: [DELIVERED, SILENT],
    holdPaise: 2 * (WA + SMS) + SPARE,
    status: "running",
    failover: conditions
      ? { conditions, smsAccountId: sms.accountId, smsTemplateId: sms.id, params: ["{{name}}", "4321"] }
      : null,
  });
}

const report = async (id: string) =>
  (
    await suite.server.app.inject({
      method: "GET",
      url: `/api/reports/campaignStatus/${id}`,
      headers: { authorization: `Bearer ${await suite.server.token("user")}` },
    })
  ).json().data.campaign;
/** Both messages went out: one delivered, one sent and never confirmed. */
const allSent = (id: string) =>
  until(
    () => recipientsOf(id),
    (rows) =>
      rows.every((r) => r.state === "sent" || r.state === "delivered") && rows.some((r) => r.state === "delivered"),
  );

describe("a campaign finishes when nothing can change its money", () => {
  it("without failover: completed and released right after its last send, a receipt still outstanding", async () => {
    const id = await campaign(null);
    await allSent(id);
    const done = await until(
      () => campaignOf(id),
      (c) => c.status === "completed",
      TTL_MS / 2,
    );
    expect(done).toMatchObject({ spentPaise: 2 * WA, heldPaise: 2 * WA, nextRunAt: null });
    expect((await recipientsOf(id)).find((r) => r.number === SILENT)?.state).toBe("sent");
    expect((await report(id)).waiting).toBeNull();
  });

  it.each<[string, FailoverCondition[]]>([
    ["failover on failed only (undelivered off)", ["failed"]],
    ["failover on undelivered", ["undelivered"]],
  ])(
    "%s: waits for the unconfirmed message's receipt until its TTL ends, holding only its failover, and says so",
    async (_name, conditions) => {
      const id = await campaign(conditions);
      await allSent(id);
      // Before the TTL ends: still running, the hold down to the spend plus one SMS (the silent number's failover).
      const waiting = await until(
        () => campaignOf(id),
        (c) => c.nextRunAt !== null && c.heldPaise === 2 * WA + SMS,
        TTL_MS / 2,
      );
      expect(waiting).toMatchObject({ status: "running", spentPaise: 2 * WA, heldPaise: 2 * WA + SMS });
      const [silent] = await db()
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.number, SILENT))
        .orderBy(campaignRecipients.id)
        .then((rows) => rows.filter((r) => r.campaignId === id));
      const untilAt = new Date((silent.sentAt as Date).getTime() + TTL_MS).toISOString();
      expect((await report(id)).waiting).toEqual({ messages: 1, until: untilAt });

      const done = await until(
        () => campaignOf(id),
        (c) => c.status === "completed",
        TTL_MS * 3,
      );
      const rows = await recipientsOf(id);
      const spent = rows.reduce((n, r) => n + r.costPaise + r.failoverCostPaise, 0);
      // Undelivered fails the silent number over (one SMS more); failed alone never does (no failed receipt came).
      expect(spent).toBe(2 * WA + (conditions.includes("undelivered") ? SMS : 0));
      expect(done).toMatchObject({ spentPaise: spent, heldPaise: spent, nextRunAt: null });
      expect((await report(id)).waiting).toBeNull();
    },
  );
});
