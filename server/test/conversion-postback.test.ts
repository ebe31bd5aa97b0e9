// An account's conversion settings and postback URL (issue 41, item 2): the window changes attribution, the URL is
// shown once and kept only as a hash, a new one replaces the old at once, a revoked or mistyped one is a 404, the
// query is checked like the API's body (a refusal writes nothing), and only the account's own settings are reachable.
// Runs on PGlite and PostgreSQL (scripts/test.mjs).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSION_MESSAGES, POSTBACK_PATH, POSTBACK_TOKEN_PREFIX } from "../../contract/domain/conversions";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { rowsOf } from "../db/sql";
import { linkCode, linkKeyOf } from "../services/links/code";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
let account: string;
let campaign: string;
let code: string;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const N = (n: number) => `+9190000200${String(n).padStart(2, "0")}`;

const settings = (as: DemoName = "user") => server.call({ as, method: "GET", url: "/api/v1/conversion-settings" });
const save = (payload: unknown, as: DemoName = "user") =>
  server.call({ as, method: "PUT", url: "/api/v1/conversion-settings", payload: payload as object });
const make = async (as: DemoName = "user") => {
  const res = await server.call({ as, method: "POST", url: "/api/v1/conversion-settings/postback" });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
};
/** The postback as a shop calls it: a GET of the URL with the fields in the query. */
const hit = (url: string, query: Record<string, string>) => {
  const { pathname } = new URL(url);
  return server.app.inject({ method: "GET", url: `${pathname}?${new URLSearchParams(query)}` });
};
const rows = () =>
  rowsOf<{ external_id: string; recipient_id: string | null }>(
    server.database.db,
    sql`select external_id, recipient_id from conversions where user_id = ${account} order by external_id`,
  );

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  const db = server.database.db;
  account = await server.id("user");
  campaign = await insertCampaign(db, { userId: account, channel: "sms" });
  const [first] = await insertRecipients(db, campaign, account, [
    { number: N(1), state: "delivered", sentAt: ago(1), deliveredAt: ago(1) },
    { number: N(2), state: "delivered", sentAt: ago(10), deliveredAt: ago(10) },
  ]);
  code = linkCode(linkKeyOf(server.app.routeContext.secret()), first, 0);
}, 60_000);
afterAll(async () => server?.close());

describe("settings", () => {
  it("start at the 7-day window and no postback URL", async () => {
    const res = await settings();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { windowDays: 7, postback: null } });
  });

  it.each([
    ["0 days", { windowDays: 0 }],
    ["91 days", { windowDays: 91 }],
    ["a fraction", { windowDays: 7.5 }],
    ["text", { windowDays: "14" }],
    ["an unknown field", { windowDays: 14, postbackUrl: "https://x.test" }],
    ["nothing", {}],
  ])("refuse %s with 400 and change nothing", async (_name, body) => {
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect((await settings()).json()).toMatchObject({ data: { windowDays: 7 } });
  });

  it.each([
    ["admin", 403],
    ["reseller", 403],
  ] as const)("%s has no conversion settings (%i)", async (as, status) => {
    expect((await settings(as)).statusCode).toBe(status);
    expect((await save({ windowDays: 30 }, as)).statusCode).toBe(status);
  });

  it("are each account's own: another account's window is not the user's", async () => {
    expect((await save({ windowDays: 30 }, "globex")).statusCode).toBe(200);
    expect((await settings("globex")).json()).toMatchObject({ data: { windowDays: 30 } });
    expect((await settings("user")).json()).toMatchObject({ data: { windowDays: 7 } });
  });
});

describe("the postback URL", () => {
  it("is shown once and kept only as a hash", async () => {
    const url = await make();
    const token = url.split(POSTBACK_PATH)[1];
    expect(token.startsWith(POSTBACK_TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(POSTBACK_TOKEN_PREFIX.length + 43);
    const data = (await settings()).json() as { data: { postback: { hint: string; lastUsedAt: string | null } } };
    expect(data.data.postback).toMatchObject({ hint: token.slice(-4), lastUsedAt: null });
    const stored = await rowsOf<{ token_hash: string; hint: string }>(
      server.database.db,
      sql`select token_hash, hint from conversion_postbacks where user_id = ${account}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token.slice(POSTBACK_TOKEN_PREFIX.length, 20));
    expect(JSON.stringify((await settings()).json())).not.toContain(token);
  });

  it("records a conversion by code (201), again by its externalId (200), by number outside the window (202)", async () => {
    const url = await make();
    const first = await hit(url, { code, kind: "order", value: "1499.50", externalId: "pb-order-1" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json()).toMatchObject({ data: { attributed: true, attributedBy: "code", campaignId: campaign } });
    const again = await hit(url, { code, kind: "order", value: "9.00", externalId: "pb-order-1" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { value: "1499.50" } });
    const late = await hit(url, { number: N(2), kind: "lead", externalId: "pb-lead-10-days" });
    expect(late.statusCode, late.body).toBe(202);
    const used = (await settings()).json() as { data: { postback: { lastUsedAt: string | null } } };
    expect(used.data.postback.lastUsedAt).not.toBeNull();
  });

  it("follows the window the account set: 14 days finds the message of 10 days ago", async () => {
    const url = await make();
    expect((await save({ windowDays: 14 })).statusCode).toBe(200);
    try {
      const res = await hit(url, { number: N(2), kind: "lead", externalId: "pb-lead-14-days" });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ data: { attributedBy: "number", campaignId: campaign } });
    } finally {
      await save({ windowDays: 7 });
    }
  });

  it.each([
    ["no externalId", { code, kind: "order" }, 400],
    ["an unknown kind", { code, kind: "refund", externalId: "pb-bad-kind" }, 400],
    ["a value in paise with three decimals", { code, kind: "order", value: "1.005", externalId: "pb-bad-value" }, 400],
    ["an unknown field", { code, kind: "order", externalId: "pb-extra", coupon: "X" }, 400],
    ["neither code nor number", { kind: "order", externalId: "pb-neither" }, 400],
    ["a click code of nobody", { code: "AAAAAAAAAAAA", kind: "order", externalId: "pb-nobody" }, 404],
  ])("refuses %s (%i) and writes nothing", async (_name, query, status) => {
    const url = await make();
    const before = await rows();
    const res = await hit(url, query as Record<string, string>);
    expect(res.statusCode, res.body).toBe(status);
    expect(await rows()).toEqual(before);
  });

  it("stops working when replaced or revoked, and a mistyped token is a 404", async () => {
    const old = await make();
    const fresh = await make();
    const query = { code, kind: "signup", externalId: "pb-signup" };
    for (const url of [old, `${fresh}x`, fresh.replace(POSTBACK_TOKEN_PREFIX, "xx_")]) {
      const res = await hit(url, query);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({
        code: PUBLIC_ERRORS.notFound.code,
        message: CONVERSION_MESSAGES.postbackNotFound,
      });
    }
    expect((await hit(fresh, query)).statusCode).toBe(201);
    const revoked = await server.call({ as: "user", method: "DELETE", url: "/api/v1/conversion-settings/postback" });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ message: CONVERSION_MESSAGES.postbackRevoked, data: { postback: null } });
    expect((await hit(fresh, { ...query, externalId: "pb-after-revoke" })).statusCode).toBe(404);
    expect((await rows()).some((r) => r.external_id === "pb-after-revoke")).toBe(false);
  });

  it("of one account never records for another", async () => {
    const otherUrl = await make("globex");
    const res = await hit(otherUrl, { number: N(1), kind: "order", externalId: "pb-other-1" });
    // The user's message is not another account's: unattributed, and recorded for that account, not the user.
    expect(res.statusCode, res.body).toBe(202);
    expect((await rows()).some((r) => r.external_id === "pb-other-1")).toBe(false);
  });
});

describe("a leaked postback URL", () => {
  it("cannot flood the account: past the per-address limit it answers 429 with Retry-After and writes nothing", async () => {
    const tight = await startServer({ rateLimits: { postbackPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const made = await tight.call({ as: "user", method: "POST", url: "/api/v1/conversion-settings/postback" });
      const { pathname } = new URL((made.json() as { url: string }).url);
      const call = (n: number) =>
        tight.app.inject({ method: "GET", url: `${pathname}?number=%2B919000020099&kind=lead&externalId=flood-${n}` });
      expect((await call(1)).statusCode).toBe(202);
      expect((await call(2)).statusCode).toBe(202);
      const refused = await call(3);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      const written = await rowsOf<{ n: number }>(
        tight.database.db,
        sql`select count(*)::int as n from conversions where external_id like 'flood-%'`,
      );
      expect(written[0].n).toBe(2);
    } finally {
      await tight.close();
    }
  }, 60_000);
});
