// Conversions through the public API (issue 41, item 2): attribution by click code and by number within the
// account's window (measured back from when it happened), another account's code a 404, an externalId answered once,
// the scope, and bad input refused with 400 writing nothing. Runs on PGlite and PostgreSQL (scripts/test.mjs).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSION_MESSAGES } from "../../contract/domain/conversions";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { linkClicks, users } from "../db/schema";
import { rowsOf } from "../db/sql";
import { linkCode, linkKeyOf } from "../services/links/code";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
/** The key's account: the demo user (its manager's campaigns are not its own). */
let account: string;
let key: string;
let sendOnlyKey: string;
let globexKey: string;
let campaignX: string;
/** Recipient ids by name (see the seed below). */
const r = new Map<string, number>();
type Json = Record<string, unknown>;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const N = (n: number) => `+9190000100${String(n).padStart(2, "0")}`;
let codeOf: (recipient: string) => string;

async function newKey(as: "user" | "globex", scopes: string[]): Promise<string> {
  const res = await server.call({
    as,
    method: "POST",
    url: "/api/ums/v1/api-keys",
    payload: { name: `Conversions ${as} ${scopes.join(" ")}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { key: string } }).data.key;
}

const post = (payload: Json, k = key) =>
  server.app.inject({ method: "POST", url: "/api/public/v1/conversions", payload, headers: { "x-api-key": k } });
/** The account's conversions (bigint columns come back as text from PostgreSQL: read as numbers). */
const accountRows = async () =>
  (
    await rowsOf<{
      external_id: string;
      value_paise: string | null;
      recipient_id: string | null;
      attributed_by: string | null;
    }>(
      server.database.db,
      sql`select external_id, value_paise, recipient_id, attributed_by from conversions where user_id = ${account}
        order by created_at, external_id`,
    )
  ).map((x) => ({
    ...x,
    value_paise: x.value_paise === null ? null : Number(x.value_paise),
    recipient_id: x.recipient_id === null ? null : Number(x.recipient_id),
  }));

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  const db = server.database.db;
  account = await server.id("user");
  const manager = await server.id("manager");
  const globex = await server.id("globex");
  const keyOf = linkKeyOf(server.app.routeContext.secret());
  codeOf = (name) => linkCode(keyOf, r.get(name) ?? -1, 0);
  key = await newKey("user", ["conversions:write"]);
  sendOnlyKey = await newKey("user", ["messages:send"]);
  globexKey = await newKey("globex", ["conversions:write"]);
  // X (the account's): N1 delivered 2 days ago, N2 10 days ago, N3 never delivered but clicked by a person a day ago,
  // N4 only fetched by a link preview, N6 delivered 10 days ago. Y (the account's too): N2 3 days ago. M (its
  // manager's) and Z (another account's): N1 a day ago, newer than X's, and neither the key's account's.
  campaignX = await insertCampaign(db, { userId: account, channel: "sms" });
  const x = await insertRecipients(db, campaignX, account, [
    { number: N(1), state: "delivered", sentAt: ago(2), deliveredAt: ago(2) },
    { number: N(2), state: "delivered", sentAt: ago(10), deliveredAt: ago(10) },
    { number: N(3), state: "sent", sentAt: ago(1) },
    { number: N(4), state: "sent", sentAt: ago(1) },
    { number: N(6), state: "delivered", sentAt: ago(10), deliveredAt: ago(10) },
  ]);
  ["x1", "x2", "x3", "x4", "x6"].forEach((name, i) => r.set(name, x[i]));
  const campaignY = await insertCampaign(db, { userId: account, channel: "sms" });
  const [y2] = await insertRecipients(db, campaignY, account, [
    { number: N(2), state: "delivered", sentAt: ago(3), deliveredAt: ago(3) },
  ]);
  r.set("y2", y2);
  const m = await insertCampaign(db, { userId: manager, channel: "sms" });
  const [m1] = await insertRecipients(db, m, manager, [
    { number: N(1), state: "delivered", sentAt: ago(1), deliveredAt: ago(1) },
  ]);
  r.set("m1", m1);
  const z = await insertCampaign(db, { userId: globex, channel: "sms" });
  const [z1] = await insertRecipients(db, z, globex, [
    { number: N(1), state: "delivered", sentAt: ago(1), deliveredAt: ago(1) },
  ]);
  r.set("z1", z1);
  const click = (recipient: string, machine: boolean) =>
    ({ campaignId: campaignX, recipientId: r.get(recipient) ?? -1, position: 0, device: "mobile", machine }) as const;
  await db.insert(linkClicks).values([
    { ...click("x3", false), clickedAt: ago(1) },
    { ...click("x4", true), clickedAt: ago(1) },
  ]);
}, 60_000);
afterAll(async () => server?.close());

describe("attribution", () => {
  it("by click code: that recipient, the value kept as exact paise", async () => {
    const res = await post({ code: codeOf("x1"), kind: "order", value: "1499.5", externalId: "code-1" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      data: { attributed: true, attributedBy: "code", campaignId: campaignX, value: "1499.50", currency: "INR" },
    });
    const [row] = (await accountRows()).filter((x) => x.external_id === "code-1");
    expect(row).toEqual({
      external_id: "code-1",
      value_paise: 149_950,
      recipient_id: r.get("x1"),
      attributed_by: "code",
    });
  });

  it.each([
    ["N1: the account's message, not the manager's or another account's newer one", { number: N(1) }, "x1"],
    ["N2: the latest delivered in the window", { number: N(2) }, "y2"],
    [
      "N2 eight days ago: the window runs back from when it happened",
      { number: N(2), occurredAt: ago(8).toISOString() },
      "x2",
    ],
    ["N3: not delivered, but a person clicked", { number: N(3) }, "x3"],
  ])("by number, %s", async (name, body, recipient) => {
    const res = await post({
      ...body,
      kind: "signup",
      externalId: `number-${name.slice(0, 2)}-${"occurredAt" in body ? "back" : "now"}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { attributed: true, attributedBy: "number", value: null } });
    const [row] = await rowsOf<{ recipient_id: number }>(
      server.database.db,
      sql`select recipient_id from conversions where id = ${(res.json() as { data: { id: string } }).data.id}`,
    );
    expect(Number(row.recipient_id)).toBe(r.get(recipient));
  });

  it.each([
    ["a number no campaign sent to", N(5)],
    ["a number only a link preview fetched", N(4)],
    ["a number delivered 10 days ago, outside the 7-day default", N(6)],
  ])("%s: kept unattributed (202), counted for the account", async (_name, number) => {
    const externalId = `none-${number}`;
    const res = await post({ number, kind: "lead", externalId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ data: { attributed: false, attributedBy: null, campaignId: null } });
    expect((await accountRows()).some((x) => x.external_id === externalId && x.recipient_id === null)).toBe(true);
  });

  it("the account's own window: 14 days finds N6's message of 10 days ago", async () => {
    const db = server.database.db;
    await db.update(users).set({ conversionWindowDays: 14 }).where(eq(users.id, account));
    try {
      const res = await post({ number: N(6), kind: "order", value: "10", externalId: "window-14" });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ data: { campaignId: campaignX, attributedBy: "number" } });
    } finally {
      await db.update(users).set({ conversionWindowDays: 7 }).where(eq(users.id, account));
    }
  });
});

describe("refusals", () => {
  it.each([
    ["another account's recipient", () => codeOf("z1")],
    ["the account's manager's recipient", () => codeOf("m1")],
    ["a code this installation never made", () => "AAAAAAAAAAAA"],
  ])("a click code of %s is a 404 that writes nothing", async (_name, code) => {
    const before = await accountRows();
    const res = await post({ code: code(), kind: "order", externalId: `code-404-${code().slice(0, 4)}` });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: PUBLIC_ERRORS.notFound.code, message: CONVERSION_MESSAGES.codeNotFound });
    expect(await accountRows()).toEqual(before);
  });

  it("the other account's key cannot reach the manager's recipient by code either", async () => {
    const res = await post({ code: codeOf("x1"), kind: "order", externalId: "globex-1" }, globexKey);
    expect(res.statusCode, res.body).toBe(404);
  });

  it("a key without conversions:write is refused (403)", async () => {
    const res = await post({ number: N(1), kind: "order", externalId: "scope-1" }, sendOnlyKey);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: PUBLIC_ERRORS.scopeDenied.code });
  });

  const tomorrow = () => new Date(Date.now() + DAY).toISOString();
  it.each([
    ["neither code nor number", { kind: "order" }],
    ["a value with three decimals", { number: N(1), kind: "order", value: "12.345" }],
    ["a negative value", { number: N(1), kind: "order", value: "-5" }],
    ["a value as a number", { number: N(1), kind: "order", value: 12.5 }],
    ["an unknown kind", { number: N(1), kind: "refund" }],
    ["another currency", { number: N(1), kind: "order", value: "5", currency: "USD" }],
    ["a number not in E.164", { number: "98765", kind: "order" }],
    ["a code of the wrong length", { code: "abc", kind: "order" }],
    ["occurredAt in the future", { number: N(1), kind: "order", occurredAt: tomorrow() }],
    ["occurredAt not a time", { number: N(1), kind: "order", occurredAt: "yesterday" }],
    ["a field the call does not take", { number: N(1), kind: "order", campaign: "summer-sale" }],
  ])("%s: 400, nothing written", async (_name, body) => {
    const before = await accountRows();
    const res = await post({ ...body, externalId: "bad-1" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: PUBLIC_ERRORS.invalidRequest.code });
    expect(await accountRows()).toEqual(before);
  });

  it("no externalId: 400", async () => {
    const res = await post({ number: N(1), kind: "order" });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe("idempotency", () => {
  it("the same externalId answers the first result with 200 and writes nothing, even with another body", async () => {
    const first = await post({ code: codeOf("x1"), kind: "order", value: "250", externalId: "idem-1" });
    expect(first.statusCode, first.body).toBe(201);
    const before = await accountRows();
    for (const body of [
      { code: codeOf("x1"), kind: "order", value: "250" },
      { number: N(5), kind: "lead", value: "999" },
    ]) {
      const again = await post({ ...body, externalId: "idem-1" });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await accountRows()).toEqual(before);
  });

  it("another account may use the same externalId for its own conversion", async () => {
    const res = await post({ number: N(1), kind: "order", externalId: "idem-1" }, globexKey);
    expect(res.statusCode, res.body).toBe(201);
    const [{ n }] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from conversions where external_id = 'idem-1'`,
    );
    expect(n).toBe(2);
    expect(res.json()).toMatchObject({ data: { campaignId: expect.not.stringMatching(campaignX) } });
  });
});

describe("the campaign report", () => {
  const report = async (id: string) => {
    const res = await server.call({ as: "user", method: "GET", url: `/api/reports/campaignStatus/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { conversions?: unknown } }).data;
  };

  it("counts the campaign's conversions, its converters (people) and its revenue in exact paise", async () => {
    const db = server.database.db;
    const w = await insertCampaign(db, { userId: account, channel: "sms" });
    const [a, b] = await insertRecipients(db, w, account, [
      { number: N(7), state: "delivered", sentAt: ago(1), deliveredAt: ago(1) },
      { number: N(8), state: "delivered", sentAt: ago(1), deliveredAt: ago(1) },
    ]);
    const keyOf = linkKeyOf(server.app.routeContext.secret());
    for (const [recipient, value, externalId] of [
      [a, "100.50", "w-1"],
      [a, "0.29", "w-2"],
      [b, undefined, "w-3"],
    ] as const) {
      const res = await post({ code: linkCode(keyOf, recipient, 0), kind: "order", value, externalId });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Unattributed: counted for the account, never for a campaign.
    expect((await post({ number: N(9), kind: "order", value: "5000", externalId: "w-none" })).statusCode).toBe(202);
    expect((await report(w)).conversions).toEqual({ conversions: 3, converters: 2, revenuePaise: 10_079 });
  });

  it("leaves the part out of an untracked campaign nothing was attributed to", async () => {
    const plain = await insertCampaign(server.database.db, { userId: account, channel: "sms" });
    expect(await report(plain)).not.toHaveProperty("conversions");
  });
});
