// "Decide now" on an A/B test (issue 41): the timer's decision (services/campaign-splits/advance.ts) taken before
// decide-after hours pass, by the test's own metric, and the winner sent once to the held-back rest. Refused (409)
// when already decided, with no held-back share, or before the variants start; the sender's own test only.
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inSlice, remainderSlice, splitFraction } from "../../contract/domain/splits";
import type { Database } from "../db/client";
import { campaignRecipients, campaignSplits, campaigns, linkClicks } from "../db/schema";
import { DECIDE_MESSAGES } from "../services/campaign-splits/advance";
import { numberAt, smsSetup } from "./campaign-control-fixtures";
import { dispatchServer, setBalance, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

const AUDIENCE = Array.from({ length: 400 }, (_, i) => numberAt(i + 1));

let database: Database;
let s: DispatchServer;
let smsA: { accountId: string; templateId: string };
let smsB: { accountId: string; templateId: string };
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database);
  const owner = await s.id("manager");
  await setBalance(db(), owner, "1000.00");
  smsA = await smsSetup(db(), owner, { body: "Diwali sale: 20% off today - ACME" });
  smsB = await smsSetup(db(), owner, { body: "Diwali sale: free delivery today - ACME" });
});
afterAll(async () => {
  await s?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
type Who = "manager" | "user" | "depthead" | "admin" | "reseller" | "globex";
const call = async (who: Who, method: "GET" | "POST", url: string, payload?: object) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${await s.token(who)}` }, payload });
const decide = (who: Who, id: string) => call(who, "POST", `/api/v1/campaigns/splits/${id}/decide`);

const variant = (sms: { accountId: string; templateId: string }) => ({
  channel: "sms",
  senderId: sms.accountId,
  templateId: sms.templateId,
  sizePercent: 50,
});
const create = async (name: string, testSharePercent: number, metric = "click") => {
  const res = await call("manager", "POST", "/api/v1/campaigns/splits", {
    name,
    numbers: AUDIENCE.join("\n"),
    variants: [variant(smsA), variant(smsB)],
    testSharePercent,
    metric,
    // A day: without Decide now nothing would be decided during this test.
    decideAfterHours: 24,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; variants: { campaignId: string }[] };
};
const splitRow = async (id: string) => (await db().select().from(campaignSplits).where(eq(campaignSplits.id, id)))[0];
const campaignCount = async () => (await db().select({ n: count() }).from(campaigns))[0].n;
const started = (id: string) =>
  until(
    async () => (await call("manager", "GET", `/api/v1/campaigns/splits/${id}`)).json().data.decideAt as string | null,
    (at) => at !== null,
    60_000,
  );

/** People who clicked: the first `n` recipients of a variant's campaign, one click each. */
async function clickers(campaignId: string, n: number): Promise<void> {
  const recipients = await db()
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .limit(n);
  expect(recipients).toHaveLength(n);
  await db()
    .insert(linkClicks)
    .values(recipients.map((r) => ({ campaignId, recipientId: r.id, position: 0, device: "mobile", machine: false })));
}

describe("Decide now", () => {
  let splitId: string;
  let variantIds: string[];

  it("is refused on a test with no held-back share (409), writing nothing", async () => {
    const whole = await create("Whole audience", 100);
    const before = await campaignCount();
    const res = await decide("manager", whole.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(DECIDE_MESSAGES.noRest);
    expect(await splitRow(whole.id)).toMatchObject({ winnerVariant: null, status: "testing" });
    expect(await campaignCount()).toBe(before);
  }, 120_000);

  it("waits for the variants to start; then B clicks more than A", async () => {
    const split = await create("Diwali decide", 50);
    splitId = split.id;
    variantIds = split.variants.map((v) => v.campaignId);
    await started(splitId);
    for (const id of variantIds)
      await until(
        async () => (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0],
        (row) => row.status === "completed",
        60_000,
      );
    // By click rate B wins; by the earliest-variant tie rule (or any default) A would.
    await clickers(variantIds[0], 2);
    await clickers(variantIds[1], 12);
  }, 120_000);

  it.each<[Who, number]>([
    ["admin", 403],
    ["reseller", 403],
    ["globex", 404],
    ["user", 404],
  ])("%s cannot decide the manager's test (%i), nothing decided", async (who, status) => {
    const before = await campaignCount();
    const res = await decide(who, splitId);
    expect(res.statusCode, res.body).toBe(status);
    expect(await splitRow(splitId)).toMatchObject({
      winnerVariant: null,
      status: "testing",
      remainderCampaignId: null,
    });
    expect(await campaignCount()).toBe(before);
  });

  it("decides by the metric at once and sends the winner to the held-back rest, once (twice at once: one 409)", async () => {
    const before = await campaignCount();
    const [first, second] = await Promise.all([decide("manager", splitId), decide("manager", splitId)]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    expect(answers, `${first.body} ${second.body}`).toEqual([200, 409]);
    const won = first.statusCode === 200 ? first : second;
    expect(won.json().message).toBe("Variant B won Diwali decide: sending it to the rest");
    expect(won.json().data).toMatchObject({ status: "sending", winnerVariant: 1 });
    expect(won.json().data.winnerReason).toMatch(/^B won on the highest click rate: B /);
    expect(await campaignCount()).toBe(before + 1);
    const rest = (await splitRow(splitId)).remainderCampaignId as string;
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, rest));
    expect(row).toMatchObject({ templateId: smsB.templateId, sliceLo: 0.5, sliceHi: 1, sliceSalt: splitId });
    // The split job starts it without waiting for the day to pass, and the test completes.
    await until(
      async () => (await splitRow(splitId)).status,
      (st) => st === "completed",
      60_000,
    );
    const numbers = (
      await db()
        .select({ number: campaignRecipients.number })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, rest))
    ).map((r) => r.number);
    const held = AUDIENCE.filter((n) => inSlice(splitFraction(splitId, n), remainderSlice(50)));
    expect(new Set(numbers)).toEqual(new Set(held));
  }, 120_000);

  it("a second Decide now is refused (409) and sends nothing more", async () => {
    const before = await campaignCount();
    const res = await decide("manager", splitId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(DECIDE_MESSAGES.decided);
    expect(await campaignCount()).toBe(before);
    const got = (await call("manager", "GET", `/api/v1/campaigns/splits/${splitId}`)).json().data;
    expect(got).toMatchObject({ status: "completed", winnerVariant: 1, remainder: { label: "Winner" } });
    expect(got.remainder.recipients).toBeGreaterThan(0);
  });
});
