// The pre-send check and the start on an Indian DLT route: recipients the route does not carry (read before the
// account had its entity id, or by an older ingest) are counted and named by the check, skipped by the start with
// their reason, and neither held for nor sent; the hold covers the rest exactly, through the ledger.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SKIP_REASONS } from "../../contract/domain/campaigns";
import { DLT_ROUTE_MESSAGES } from "../../contract/domain/dlt-route";
import { balanceLedger, campaignRecipients, campaigns, suppressions, users } from "../db/schema";
import type { Database } from "../db/client";
import { insertCampaign, numberAt, setBalance, smsSetup } from "./campaign-control-fixtures";
import { dispatchServer, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let database: Database;
let s: DispatchServer;
let owner: string;
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database);
  owner = await s.id("manager");
});
afterAll(async () => {
  await s?.close();
  await database?.close();
});
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
const call = async (method: "GET" | "POST", url: string) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${await s.token("manager")}` } });
const link = (n: number) => `https://ex.am/${"p".repeat(n - 14)}`;

/** Ten recipients: a US number, a Delhi landline, a 34-character link, a suppressed number, six fine. */
async function campaignOn(dltEntityId: string, first: number) {
  const sms = await smsSetup(db(), owner, { body: "Track your order at {#var#} - ACME", dltEntityId });
  const id = await insertCampaign(db(), {
    ownerId: owner,
    channel: "sms",
    templateId: sms.templateId,
    smsAccountId: sms.accountId,
    recipients: 10,
    variables: ["{{link}}"],
    firstNumber: first,
  });
  const rows = await db()
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id))
    .orderBy(asc(campaignRecipients.id));
  const set = (i: number, values: { number?: string; variables: string[] }) =>
    db().update(campaignRecipients).set(values).where(eq(campaignRecipients.id, rows[i].id));
  await set(0, { number: "+14155550100", variables: [link(20)] });
  await set(1, { number: "+911123456789", variables: [link(20)] });
  await set(2, { variables: [link(34)] });
  for (let i = 3; i < 10; i++) await set(i, { variables: [link(20)] });
  await db()
    .insert(suppressions)
    .values({ userId: owner, number: numberAt(first + 3), source: "manual" as const });
  return id;
}

describe("a DLT route's pre-send check and start", () => {
  it("counts and names the foreign, landline and over-long recipients, skips them at start, never sends or charges them; balance = ledger", async () => {
    await setBalance(db(), owner, "100.00");
    const id = await campaignOn("1201159100000000077", 700_000);
    const check = (await call("GET", `/api/v1/campaign-control/${id}/check`)).json().data;
    expect(check).toMatchObject({ valid: 10, sendable: 6, blockers: [], estimate: { perMessage: 0.25, total: 1.5 } });
    expect(
      Object.fromEntries((check.skipped as { reason: string; count: number }[]).map((k) => [k.reason, k.count])),
    ).toEqual({ suppressed: 1, messagingLimit: 0, notOnChannel: 0, dltNumber: 2, dltVariable: 1, dnd: 0 });
    expect(check.skippedNumbers).toEqual([
      { number: numberAt(700_003), reason: "suppressed", label: SKIP_REASONS.suppressed, detail: null },
      { number: "+14155550100", reason: "dltNumber", label: SKIP_REASONS.dltNumber, detail: null },
      { number: "+911123456789", reason: "dltNumber", label: SKIP_REASONS.dltNumber, detail: null },
      {
        number: numberAt(700_002),
        reason: "dltVariable",
        label: SKIP_REASONS.dltVariable,
        detail: DLT_ROUTE_MESSAGES.variableTooLong("{{link}}", 34),
      },
    ]);

    const ledgerRows = () =>
      db()
        .select({ id: balanceLedger.id, amount: balanceLedger.amount, after: balanceLedger.balanceAfter })
        .from(balanceLedger)
        .where(eq(balanceLedger.userId, owner));
    const earlier = new Set((await ledgerRows()).map((l) => l.id));
    const res = await call("POST", `/api/sms/campaigns/${id}/start`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ counts: { queued: 6, skipped: 4 }, cost: { held: 1.5 } });
    // The dispatcher runs: it sends the six and never the four.
    await until(
      async () =>
        (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0].status,
      (st) => st === "completed",
      20_000,
    );
    const queued = await db()
      .select({ id: campaignRecipients.id, number: campaignRecipients.number })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    const sentTo = s.carrier.sent
      .filter((m) => queued.some((r) => String(r.id) === m.id))
      .map((m) => m.to)
      .sort();
    expect(sentTo).toEqual([4, 5, 6, 7, 8, 9].map((i) => numberAt(700_000 + i)).sort());
    const states = await db()
      .select({ number: campaignRecipients.number, state: campaignRecipients.state, reason: campaignRecipients.reason })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "skipped")))
      .orderBy(asc(campaignRecipients.id));
    expect(states).toEqual([
      { number: "+14155550100", state: "skipped", reason: "dltNumber" },
      { number: "+911123456789", state: "skipped", reason: "dltNumber" },
      { number: numberAt(700_002), state: "skipped", reason: "dltVariable" },
      { number: numberAt(700_003), state: "skipped", reason: "suppressed" },
    ]);
    // Balance = ledger: the hold for the six (never for the four), then whatever the settlement returned.
    const [{ balance }] = await db().select({ balance: users.balance }).from(users).where(eq(users.id, owner));
    const ledger = (await ledgerRows()).filter((l) => !earlier.has(l.id));
    expect(ledger[0]).toMatchObject({ amount: "-1.50", after: "98.50" });
    const moved = ledger.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0);
    expect(Math.round(Number(balance) * 100)).toBe(10_000 + moved);
    const [row] = await db().select({ spent: campaigns.spentPaise }).from(campaigns).where(eq(campaigns.id, id));
    expect(row.spent).toBe(-moved);
    expect(row.spent).toBeLessThanOrEqual(150);
  });

  it("an account without a DLT entity id is no DLT route: the check does not skip them (and blocks the start for the missing id)", async () => {
    const id = await campaignOn("", 710_000);
    const check = (await call("GET", `/api/v1/campaign-control/${id}/check`)).json().data;
    expect(check.sendable).toBe(9);
    expect(check.blockers.map((b: { code: string }) => b.code)).toEqual(["dltEntityMissing"]);
  });
});
