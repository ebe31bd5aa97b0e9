// The pre-send check and the start on an Indian DLT route: recipients the route does not carry (read before the
// account had its entity id, or by an older ingest) are counted and named by the check, skipped by the start with
// their reason, and neither held for nor sent; the hold covers the rest exactly, through the ledger.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKIP_REASONS } from "../../contract/domain/campaigns";
import { DLT_ROUTE_MESSAGES } from "../../contract/domain/dlt-route";
import { balanceLedger, campaignRecipients, campaigns, suppressions, users } from "../db/schema";
import { insertCampaign, numberAt, setBalance, smsSetup } from "./campaign-control-fixtures";
import { startServer, type TestServer } from "./harness";

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer({ jobIntervalMs: 3_600_000 }, { dispatch: { idleMs: 3_600_000 } });
  owner = await s.id("manager");
});
afterAll(async () => s?.close());

const db = () => s.database.db;
const link = (n: number) => `https://ex.am/${"p".repeat(n - 14)}`;

/** Ten recipients: a US number, a Delhi landline, a 34-character link, a suppressed number, six fine. */
async function campaignOn(dltEntityId: string, first: number) {
  const sms = await smsSetup(db(), owner, { body: "Track your order at {#var#} - ACME", dltEntityId });
  const id = await insertCampaign(db(), { ownerId: owner, channel: "sms", templateId: sms.templateId, smsAccountId: sms.accountId, recipients: 10, variables: ["{{link}}"], firstNumber: first });
  const rows = await db().select({ id: campaignRecipients.id }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).orderBy(asc(campaignRecipients.id));
  const set = (i: number, values: { number?: string; variables: string[] }) => db().update(campaignRecipients).set(values).where(eq(campaignRecipients.id, rows[i].id));
  await set(0, { number: "+14155550100", variables: [link(20)] });
  await set(1, { number: "+911123456789", variables: [link(20)] });
  await set(2, { variables: [link(34)] });
  for (let i = 3; i < 10; i++) await set(i, { variables: [link(20)] });
  await db().insert(suppressions).values({ userId: owner, number: numberAt(first + 3), source: "manual" as const });
  return id;
}

describe("a DLT route's pre-send check and start", () => {
  it("counts and names the foreign, landline and over-long recipients, skips them at start, and holds for the rest only", async () => {
    await setBalance(db(), owner, "100.00");
    const id = await campaignOn("1201159100000000077", 700_000);
    const check = (await s.call({ method: "GET", url: `/api/v1/campaigns/${id}/check`, as: "manager" })).json().data;
    expect(check).toMatchObject({ valid: 10, sendable: 6, blockers: [], estimate: { perMessage: 0.25, total: 1.5 } });
    expect(Object.fromEntries((check.skipped as { reason: string; count: number }[]).map((k) => [k.reason, k.count]))).toEqual({ suppressed: 1, messagingLimit: 0, notOnChannel: 0, dltNumber: 2, dltVariable: 1 });
    expect(check.skippedNumbers).toEqual([
      { number: numberAt(700_003), reason: "suppressed", label: SKIP_REASONS.suppressed, detail: null },
      { number: "+14155550100", reason: "dltNumber", label: SKIP_REASONS.dltNumber, detail: null },
      { number: "+911123456789", reason: "dltNumber", label: SKIP_REASONS.dltNumber, detail: null },
      { number: numberAt(700_002), reason: "dltVariable", label: SKIP_REASONS.dltVariable, detail: DLT_ROUTE_MESSAGES.variableTooLong("{{link}}", 34) },
    ]);

    const ledgerRows = () => db().select({ id: balanceLedger.id, amount: balanceLedger.amount, after: balanceLedger.balanceAfter }).from(balanceLedger).where(eq(balanceLedger.userId, owner));
    const earlier = new Set((await ledgerRows()).map((l) => l.id));
    const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ counts: { queued: 6, skipped: 4 }, cost: { held: 1.5 } });
    const states = await db().select({ number: campaignRecipients.number, state: campaignRecipients.state, reason: campaignRecipients.reason })
      .from(campaignRecipients).where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "skipped"))).orderBy(asc(campaignRecipients.id));
    expect(states).toEqual([
      { number: "+14155550100", state: "skipped", reason: "dltNumber" },
      { number: "+911123456789", state: "skipped", reason: "dltNumber" },
      { number: numberAt(700_002), state: "skipped", reason: "dltVariable" },
      { number: numberAt(700_003), state: "skipped", reason: "suppressed" },
    ]);
    // Balance = ledger: the only money moved is the hold for the six, written to the ledger.
    const [{ balance }] = await db().select({ balance: users.balance }).from(users).where(eq(users.id, owner));
    const ledger = (await ledgerRows()).filter((l) => !earlier.has(l.id));
    expect({ balance, ledger: ledger.map((l) => [l.amount, l.after]) }).toEqual({ balance: "98.50", ledger: [["-1.50", "98.50"]] });
    const [row] = await db().select({ held: campaigns.heldPaise }).from(campaigns).where(eq(campaigns.id, id));
    expect(row.held).toBe(150);
  });

  it("an account without a DLT entity id is no DLT route: the check does not skip them (and blocks the start for the missing id)", async () => {
    const id = await campaignOn("", 710_000);
    const check = (await s.call({ method: "GET", url: `/api/v1/campaigns/${id}/check`, as: "manager" })).json().data;
    expect(check.sendable).toBe(9);
    expect(check.blockers.map((b: { code: string }) => b.code)).toEqual(["dltEntityMissing"]);
  });
});
