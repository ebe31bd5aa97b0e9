// A/B splits (issue 41, item 4) on the real server through the sandbox carrier: a test is 2-4 ordinary campaigns,
// each reading only its slice of one audience (a stable hash of split id and number), started by the split job once
// read; the winner by the metric goes to the held-back rest as its own campaign. Roles and bad input too.
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inSlice, remainderSlice, splitFraction, variantSlices } from "../../contract/domain/splits";
import type { Database } from "../db/client";
import { campaignRecipients, campaignSplits, campaigns, linkClicks } from "../db/schema";
import { runSplit } from "../services/campaign-splits/advance";
import { numberAt, smsSetup } from "./campaign-control-fixtures";
import { dispatchServer, setBalance, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { UNSUPPORTED_AUDIENCE } from "../routes/campaigns/audience-upload";
import { expectLedgerBalanced } from "./ledger-invariant";
import { filesUnder, multipart } from "./media-fixtures";

const AUDIENCE = Array.from({ length: 10_000 }, (_, i) => numberAt(i + 1));
const PER_SMS_PAISE = 25;

let database: Database;
let s: DispatchServer;
let owner: string;
let smsA: { accountId: string; templateId: string };
let smsB: { accountId: string; templateId: string };
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database);
  owner = await s.id("manager");
  await setBalance(db(), owner, "10000.00");
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

const variant = (sms: { accountId: string; templateId: string }, sizePercent: number) => ({
  channel: "sms",
  senderId: sms.accountId,
  templateId: sms.templateId,
  sizePercent,
});
const body = (change: Record<string, unknown> = {}) => ({
  name: "Diwali A/B",
  numbers: AUDIENCE.join("\n"),
  variants: [variant(smsA, 50), variant(smsB, 50)],
  testSharePercent: 20,
  metric: "click",
  decideAfterHours: 24,
  ...change,
});

const numbersOf = async (campaignId: string) =>
  (
    await db()
      .select({ number: campaignRecipients.number })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId))
  ).map((r) => r.number);
const statusOf = async (id: string) =>
  (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]?.status;
const counts = async () => ({
  splits: (await db().select({ n: count() }).from(campaignSplits))[0].n,
  campaigns: (await db().select({ n: count() }).from(campaigns))[0].n,
});

describe("bad input writes nothing", () => {
  it.each<[string, () => Record<string, unknown>, number, RegExp]>([
    ["sizes short of 100%", () => ({ variants: [variant(smsA, 50), variant(smsB, 40)] }), 400, /add up to 100% .*90%/],
    ["one variant", () => ({ variants: [variant(smsA, 100)] }), 400, /variants/],
    ["a size under 1%", () => ({ variants: [variant(smsA, 0), variant(smsB, 100)] }), 400, /variants/],
    ["no audience", () => ({ numbers: undefined }), 400, /choose a segment, paste numbers or upload a file/],
    ["a test share of 0", () => ({ testSharePercent: 0 }), 400, /testSharePercent/],
    ["an unknown metric", () => ({ metric: "opens" }), 400, /metric/],
    [
      "a send time in the past",
      () => ({ variants: [{ ...variant(smsA, 50), sendAt: "2020-01-01T00:00:00Z" }, variant(smsB, 50)] }),
      400,
      /variants\.0\.sendAt: must be in the future/,
    ],
    [
      "another account's template in variant B",
      () => ({
        variants: [variant(smsA, 50), { ...variant(smsB, 50), templateId: "00000000-0000-4000-8000-000000000000" }],
      }),
      404,
      /^Variant B: SMS template not found$/,
    ],
  ])("%s", async (_why, change, status, message) => {
    const before = await counts();
    const res = await call("manager", "POST", "/api/v1/campaigns/splits", body(change()));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it.each<Who>(["admin", "reseller"])("%s cannot create one (read-only)", async (who) => {
    const before = await counts();
    expect((await call(who, "POST", "/api/v1/campaigns/splits", body())).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("an audience file (multipart: the test as JSON in `split`, then the file)", () => {
  const FILE_NUMBERS = Array.from({ length: 2_000 }, (_, i) => numberAt(20_000 + i));
  const CSV = Buffer.from(`name,phone\n${FILE_NUMBERS.map((n, i) => `Guest ${i},${n}`).join("\n")}\n`);
  const form = async (fields: Record<string, string>, file?: Buffer, name = "diwali.csv") => {
    const m = await multipart(fields, ...(file ? [{ field: "file", bytes: file, name }] : []));
    return s.app.inject({
      method: "POST",
      url: "/api/v1/campaigns/splits",
      headers: { authorization: `Bearer ${await s.token("manager")}`, ...m.headers },
      payload: m.payload,
    });
  };
  const fileTest = (change: Record<string, unknown> = {}) =>
    JSON.stringify(body({ name: "Diwali file A/B", numbers: undefined, ...change }));
  const stored = () => filesUnder(s.dataDir);

  it("each variant reads only its slice of the file, stored once; the winner reads the same file", async () => {
    const res = await form({ split: fileTest() }, CSV);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.source).toEqual({ kind: "csv", segmentId: null });
    const ids: string[] = data.variants.map((v: { campaignId: string }) => v.campaignId);
    const rows = await db().select().from(campaigns).where(inArray(campaigns.id, ids));
    expect(rows.map((r) => [r.sourceKind, r.sourceName, r.totalBytes])).toEqual(
      ids.map(() => ["csv", "diwali.csv", CSV.length]),
    );
    expect(new Set(rows.map((r) => r.sourceKey)).size).toBe(1);
    for (const id of ids)
      await until(
        () => statusOf(id),
        (st) => st === "completed" || st === "failed",
        60_000,
      );
    const slices = variantSlices(20, [50, 50]);
    const [a, b] = [await numbersOf(ids[0]), await numbersOf(ids[1])];
    slices.forEach((slice, i) =>
      expect(new Set([a, b][i])).toEqual(
        new Set(FILE_NUMBERS.filter((n) => inSlice(splitFraction(data.id, n), slice))),
      ),
    );
    expect(a.filter((n) => b.includes(n))).toEqual([]);
    expect(a.length + b.length).toBeGreaterThan(0);
  }, 120_000);

  it.each<[string, () => Promise<Awaited<ReturnType<typeof form>>>, number, RegExp | string]>([
    [
      "a file and pasted numbers",
      () => form({ split: fileTest({ numbers: "9876543210" }) }, CSV),
      400,
      /upload a file, one of them/,
    ],
    ["no test in the form", () => form({}, CSV), 400, /split: is required/],
    ["the test not JSON", () => form({ split: "{name" }, CSV), 400, /split: must be the test as JSON/],
    [
      "a field the form does not take",
      () => form({ split: fileTest(), numbers: "9876543210" }, CSV),
      400,
      /numbers: send only the field split/,
    ],
    ["a test the schema refuses", () => form({ split: fileTest({ metric: "opens" }) }, CSV), 400, /metric/],
    [
      "another account's template in variant B",
      () =>
        form(
          {
            split: fileTest({
              variants: [
                variant(smsA, 50),
                { ...variant(smsB, 50), templateId: "00000000-0000-4000-8000-000000000000" },
              ],
            }),
          },
          CSV,
        ),
      404,
      /^Variant B: SMS template not found$/,
    ],
    [
      "a PNG as the audience",
      () =>
        form(
          { split: fileTest() },
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
          "list.png",
        ),
      400,
      UNSUPPORTED_AUDIENCE,
    ],
  ])("%s: refused, nothing written or stored", async (_why, send, status, message) => {
    const before = { ...(await counts()), files: (await stored()).length };
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect({ ...(await counts()), files: (await stored()).length }).toEqual(before);
  });
});

describe("a two-variant test over 10,000 numbers", () => {
  let splitId: string;
  let variantIds: string[];

  it("creates one campaign per variant, each reading only its slice, started by the split job", async () => {
    const res = await call("manager", "POST", "/api/v1/campaigns/splits", body());
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    splitId = data.id;
    variantIds = data.variants.map((v: { campaignId: string }) => v.campaignId);
    expect(data).toMatchObject({ status: "testing", testSharePercent: 20, metric: "click", winnerVariant: null });
    expect(data.variants.map((v: { label: string; campaignName: string }) => [v.label, v.campaignName])).toEqual([
      ["A", "Diwali A/B · A"],
      ["B", "Diwali A/B · B"],
    ]);
    for (const id of variantIds)
      await until(
        () => statusOf(id),
        (st) => st === "completed" || st === "failed",
        60_000,
      );
    const slices = variantSlices(20, [50, 50]);
    const [a, b] = [await numbersOf(variantIds[0]), await numbersOf(variantIds[1])];
    // Each variant has exactly the numbers of its slice: disjoint, nothing from the held-back rest.
    slices.forEach((slice, i) =>
      expect(new Set([a, b][i])).toEqual(new Set(AUDIENCE.filter((n) => inSlice(splitFraction(splitId, n), slice)))),
    );
    expect(a.filter((n) => b.includes(n))).toEqual([]);
    // 1,000 expected each: within four standard deviations of a binomial (n 10,000, p 0.1).
    for (const size of [a.length, b.length]) expect(Math.abs(size - 1000)).toBeLessThanOrEqual(120);
  }, 120_000);

  it("each variant's estimate, hold and spend are its own slice's (estimate = hold = what was sent)", async () => {
    const rows = await db().select().from(campaigns).where(inArray(campaigns.id, variantIds));
    for (const row of rows) {
      const n = (await numbersOf(row.id)).length;
      expect(row).toMatchObject({ status: "completed", validCount: n, splitId, invalidCount: 0 });
      expect(row.estimatedPaise).toBe(n * PER_SMS_PAISE);
      expect(row.spentPaise).toBe(n * PER_SMS_PAISE);
      expect(row.heldPaise).toBe(n * PER_SMS_PAISE);
    }
  });

  it("compares the variants: sent, delivered, clicked and the significance note", async () => {
    // People click B's links more: 150 of B's recipients against 60 of A's.
    for (const [i, clickers] of [
      [0, 60],
      [1, 150],
    ] as const) {
      const recipients = await db()
        .select({ id: campaignRecipients.id })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, variantIds[i]))
        .limit(clickers);
      await db()
        .insert(linkClicks)
        .values(
          recipients.map((r) => ({
            campaignId: variantIds[i],
            recipientId: r.id,
            position: 0,
            device: "mobile",
            machine: false,
          })),
        );
    }
    const res = await call("manager", "GET", `/api/v1/campaigns/splits/${splitId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const sizes = [(await numbersOf(variantIds[0])).length, (await numbersOf(variantIds[1])).length];
    data.variants.forEach((v: { recipients: number; figures: { sent: number; clicked: number } }, i: number) => {
      expect(v.recipients).toBe(sizes[i]);
      expect(v.figures.sent).toBe(sizes[i]);
      expect(v.figures.clicked).toBe([60, 150][i]);
    });
    // About 1,000 sent each (20% of 10,000, halved): the z-test, and 15% against 6% is far past 95%.
    expect(data.significance).toBe(
      "Significant (two-proportion z-test, p < 0.0001): B's click rate is higher than A's",
    );
    expect(data.decideAt).not.toBeNull();
  });

  it("the winner (by click rate) goes to exactly the held-back numbers, started by the split job", async () => {
    const [split] = await db().select().from(campaignSplits).where(eq(campaignSplits.id, splitId));
    // Before decide-after hours nothing is decided.
    const early = await runSplit(db(), split, {
      now: new Date(),
      smsWindow: s.app.routeContext.config.smsWindow,
      pollMs: 50,
    });
    expect(early).not.toBeNull();
    expect(
      (await db().select().from(campaignSplits).where(eq(campaignSplits.id, splitId)))[0].winnerVariant,
    ).toBeNull();
    const later = new Date(Date.now() + 25 * 3_600_000);
    const next = await runSplit(db(), split, {
      now: later,
      smsWindow: s.app.routeContext.config.smsWindow,
      pollMs: 50,
    });
    // Due again at once (on this look's clock, 25 hours ahead; the server's job runs on the wall clock: bring it back).
    expect(next).toEqual(later);
    await db().update(campaignSplits).set({ nextRunAt: new Date() }).where(eq(campaignSplits.id, splitId));
    const [decided] = await db().select().from(campaignSplits).where(eq(campaignSplits.id, splitId));
    expect(decided).toMatchObject({ status: "sending", winnerVariant: 1 });
    expect(decided.winnerReason).toMatch(/^B won on the highest click rate: B /);
    const rest = decided.remainderCampaignId as string;
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, rest));
    expect(row).toMatchObject({
      templateId: smsB.templateId,
      sliceLo: 0.2,
      sliceHi: 1,
      sliceSalt: splitId,
      splitVariant: null,
    });
    await until(
      () => statusOf(rest),
      (st) => st === "completed",
      60_000,
    );
    const held = AUDIENCE.filter((n) => inSlice(splitFraction(splitId, n), remainderSlice(20)));
    expect(new Set(await numbersOf(rest))).toEqual(new Set(held));
    await until(
      async () => (await db().select().from(campaignSplits).where(eq(campaignSplits.id, splitId)))[0].status,
      (st) => st === "completed",
      10_000,
    );
    const res = await call("manager", "GET", `/api/v1/campaigns/splits/${splitId}`);
    expect(res.json().data).toMatchObject({
      status: "completed",
      winnerVariant: 1,
      remainder: { label: "Winner", recipients: held.length },
    });
  }, 120_000);

  it.each<[Who, number]>([
    ["manager", 200],
    ["admin", 200],
    ["reseller", 200],
    ["globex", 404],
    ["user", 404],
  ])("%s reads it: %i", async (who, status) => {
    const res = await call(who, "GET", `/api/v1/campaigns/splits/${splitId}`);
    expect(res.statusCode, res.body).toBe(status);
    const list = await call(who, "GET", "/api/v1/campaigns/splits");
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((d: { id: string }) => d.id);
    expect(ids.includes(splitId)).toBe(status === 200);
  });

  it("a department head's test belongs to its organization and is in its own reach only", async () => {
    const res = await call(
      "depthead",
      "POST",
      "/api/v1/campaigns/splits",
      body({ numbers: AUDIENCE.slice(0, 50).join(",") }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(campaignSplits).where(eq(campaignSplits.id, res.json().data.id));
    expect(row).toMatchObject({ userId: owner, createdBy: await s.id("depthead") });
    const mine = (await call("depthead", "GET", "/api/v1/campaigns/splits"))
      .json()
      .data.map((d: { id: string }) => d.id);
    expect(mine).toEqual([row.id]);
    const variants = await db()
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.splitId, row.id)));
    expect(variants).toHaveLength(2);
  });

  it("a variant with a send time is scheduled for it; with a test share of 100% the winner is only recorded", async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await call(
      "manager",
      "POST",
      "/api/v1/campaigns/splits",
      body({
        name: "Whole audience",
        numbers: AUDIENCE.slice(0, 200).join("\n"),
        testSharePercent: 100,
        metric: "delivery",
        variants: [variant(smsA, 70), { ...variant(smsB, 30), sendAt }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const [a, b] = res.json().data.variants.map((v: { campaignId: string }) => v.campaignId) as string[];
    await until(
      () => statusOf(a),
      (st) => st === "completed",
      60_000,
    );
    await until(
      () => statusOf(b),
      (st) => st === "scheduled",
      60_000,
    );
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, b));
    expect(row.scheduledAt?.toISOString()).toBe(sendAt);
    // Every number is in A or B (no held-back rest), none in both.
    const [na, nb] = [await numbersOf(a), await numbersOf(b)];
    expect(new Set([...na, ...nb]).size).toBe(200);
    expect(na.length + nb.length).toBe(200);
    const [split] = await db().select().from(campaignSplits).where(eq(campaignSplits.id, id));
    // Not every variant has started: nothing is decided, however late it is.
    const options = { smsWindow: s.app.routeContext.config.smsWindow, pollMs: 50 };
    await runSplit(db(), split, { ...options, now: new Date(Date.now() + 100 * 3_600_000) });
    expect((await db().select().from(campaignSplits).where(eq(campaignSplits.id, id)))[0].winnerVariant).toBeNull();
    // B is discarded before its time (its hold comes back): it takes no part, and 25 hours after A started the winner
    // is recorded and the test completes with no campaign of its own.
    const discard = await s.app.inject({
      method: "PUT",
      url: `/api/sms/campaigns/${b}/discard`,
      headers: { authorization: `Bearer ${await s.token("manager")}` },
    });
    expect(discard.statusCode, discard.body).toBe(200);
    await runSplit(db(), split, { ...options, now: new Date(Date.now() + 25 * 3_600_000) });
    const [done] = await db().select().from(campaignSplits).where(eq(campaignSplits.id, id));
    expect(done).toMatchObject({ status: "completed", remainderCampaignId: null });
    expect(done.winnerVariant).toBe(0);
    expect(done.winnerReason).toMatch(/^A won/);
  }, 120_000);
});
