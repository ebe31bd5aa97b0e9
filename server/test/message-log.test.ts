import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type DemoName, type TestServer } from "./harness";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { WINDOW, at, insertApiMessages, insertChatMessages, insertLogCampaign } from "./message-log-fixtures";
import { campaignRecipients } from "../db/schema";

// The message log (issue 37): every filter against rows of the three kinds, the cursor walk (every row once, in
// order, ties on one instant included), tenancy (another account's rows never) and the admin and reseller scopes.

let server: TestServer;
const key: Record<string, string> = {};
let globex = "";
let user = "";
let campaignA = "";

interface Row {
  kind: string;
  id: string;
  time: string;
  to: string;
  status: string;
  body: string;
  statuses: { status: string; at: string | null; code: string | null; channel: string }[];
  chargedPaise: number | null;
  refundedPaise: number | null;
  failoverStep: number | null;
  providerMessageId: string | null;
  campaign: { id: string; name: string } | null;
}
interface Page {
  success: boolean;
  data: Row[];
  nextCursor: string | null;
}

const N1 = "+919800000001";

beforeAll(async () => {
  server = await startServer();
  const { db } = server.database;
  globex = await server.id("globex");
  user = await server.id("user");
  const a = await insertLogCampaign(db, globex, "Log sale", [
    { number: N1, state: "delivered", sentAt: at(0), deliveredAt: at(1), costPaise: 80 },
    { number: "+919800000002", state: "failed", code: "131026", reason: "Not on WhatsApp", failedAt: at(0) },
    { number: "+919800000003", state: "read", sentAt: at(5), deliveredAt: at(6), readAt: at(7), costPaise: 80 },
    { number: "+919800000004", state: "queued" },
  ]);
  campaignA = a.campaignId;
  await db
    .update(campaignRecipients)
    .set({ providerMessageId: "wamid.A1" })
    .where(eq(campaignRecipients.id, a.recipientIds[0]));
  const b = await insertLogCampaign(db, globex, "Log other", [{ number: N1, state: "sent", sentAt: at(10) }]);
  const api = await insertApiMessages(db, globex, [
    { to: N1, state: "delivered", createdAt: at(0), providerMessageId: "api-prov-1", costPaise: 80 },
    { to: "+919800000005", state: "failed", createdAt: at(20), step: 1, costPaise: 0 },
  ]);
  const chat = await insertChatMessages(db, globex, N1, [
    { text: "Hi there", createdAt: at(0) },
    { text: "Anything else?", createdAt: at(30), status: "delivered" },
    { text: "No thanks", createdAt: at(31), direction: "in" },
  ]);
  Object.assign(key, {
    r0: `campaign:${a.recipientIds[0]}`,
    r1: `campaign:${a.recipientIds[1]}`,
    r2: `campaign:${a.recipientIds[2]}`,
    rB: `campaign:${b.recipientIds[0]}`,
    api0: `api:${api[0]}`,
    api1: `api:${api[1]}`,
    chat0: `chat:${chat[0]}`,
    chat1: `chat:${chat[1]}`,
    r2id: String(a.recipientIds[2]),
    api0id: api[0],
  });
  // Another account's messages to the same number at the same instants: never in globex's log.
  const own = await insertCampaign(db, { userId: user, channel: "whatsapp", name: "User log", status: "completed" });
  await insertRecipients(db, own, user, [{ number: N1, state: "sent", sentAt: at(0) }]);
  await insertApiMessages(db, user, [{ to: N1, state: "sent", createdAt: at(0) }]);
  await insertChatMessages(db, user, N1, [{ text: "Not globex", createdAt: at(0) }]);
});
afterAll(async () => server?.close());

async function page(as: DemoName, query: Record<string, string>, url = "/api/v1/message-log") {
  const response = await server.call({ method: "GET", url, query, as });
  return { status: response.statusCode, body: response.json() as Page };
}
const keys = (rows: readonly Row[]) => rows.map((r) => `${r.kind}:${r.id}`);

describe("message log filters", () => {
  const cases: [string, () => Record<string, string>, string[]][] = [
    ["a full number", () => ({ number: N1 }), ["chat1", "rB", "api0", "r0", "chat0"]],
    ["a national number", () => ({ number: "98000 00001" }), ["chat1", "rB", "api0", "r0", "chat0"]],
    ["a fragment of digits", () => ({ number: "000003" }), ["r2"]],
    ["our recipient id", () => ({ id: key.r2id }), ["r2"]],
    ["our API message id", () => ({ id: key.api0id }), ["api0"]],
    ["a provider's id (campaign)", () => ({ id: "wamid.A1" }), ["r0"]],
    ["a provider's id (API)", () => ({ id: "api-prov-1" }), ["api0"]],
    ["a campaign (ties on one instant: higher id first)", () => ({ campaignId: campaignA }), ["r2", "r1", "r0"]],
    ["a status", () => ({ status: "failed" }), ["api1", "r1"]],
    ["a status of every kind", () => ({ status: "delivered" }), ["chat1", "api0", "r0"]],
    ["a kind", () => ({ kind: "chat" }), ["chat1", "chat0"]],
    ["a channel", () => ({ channel: "sms" }), ["api1"]],
    ["a date range", () => ({ from: at(4).toISOString(), to: at(11).toISOString() }), ["rB", "r2"]],
  ];
  it.each(cases)("finds by %s, newest first, one account only", async (_name, query, expected) => {
    const q = query();
    const { status, body } = await page("globex", { ...WINDOW, ...q });
    expect(status).toBe(200);
    expect(keys(body.data)).toEqual(expected.map((k) => key[k]));
    expect(body.nextCursor).toBeNull();
  });

  it("shows a campaign message's statuses with times and codes, its charge and its rendered campaign", async () => {
    const { body } = await page("globex", { ...WINDOW, campaignId: campaignA });
    const failed = body.data.find((r) => `${r.kind}:${r.id}` === key.r1);
    expect(failed?.statuses).toEqual([
      { status: "failed", at: expect.stringMatching(/^2031-01-10T10:00/), code: "131026", channel: "whatsapp" },
    ]);
    const read = body.data.find((r) => `${r.kind}:${r.id}` === key.r2);
    expect(read?.statuses.map((s) => s.status)).toEqual(["sent", "delivered", "read"]);
    expect(read?.chargedPaise).toBe(80);
    expect(read?.campaign?.name).toBe("Log sale");
  });

  it("gives an API message's refund (charged step's price less what it keeps) and its fallback step", async () => {
    const { body } = await page("globex", { ...WINDOW, kind: "api" });
    const [fallback, first] = body.data;
    expect(fallback.failoverStep).toBe(1);
    expect(fallback.refundedPaise).toBe(105);
    expect(fallback.body).toBe("Hello SMS");
    expect(first.refundedPaise).toBe(0);
    expect(first.chargedPaise).toBe(80);
  });

  it.each([
    ["a short fragment", { number: "98" }],
    ["letters in a number", { number: "abc" }],
    ["a campaign id that is not one", { campaignId: "not-an-id" }],
    ["an unknown status", { status: "lost" }],
    ["a cursor that is not ours", { cursor: "bm90IGEgY3Vyc29y" }],
    ["a range ending before it starts", { from: at(10).toISOString(), to: at(0).toISOString() }],
    ["a limit over the maximum", { limit: "1000" }],
  ])("answers 400 for %s", async (_name, query) => {
    const { status, body } = await page("globex", query);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });
});

describe("message log cursor", () => {
  it.each([1, 2, 3, 7])("walks every row once, in order, %i at a time", async (limit) => {
    const all = (await page("globex", { ...WINDOW, limit: "100" })).body.data;
    expect(all).toHaveLength(8);
    const seen: Row[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const query: Record<string, string> = { ...WINDOW, limit: String(limit), ...(cursor ? { cursor } : {}) };
      const { body } = await page("globex", query);
      seen.push(...body.data);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(keys(seen)).toEqual(keys(all));
    const times = seen.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("message log scopes", () => {
  it("never shows another account's rows, whoever's number it is", async () => {
    const mine = await page("user", { ...WINDOW, number: N1 });
    expect(mine.body.data.map((r) => r.body)).toContain("Not globex");
    expect(mine.body.data).toHaveLength(3);
    const theirs = await page("globex", { ...WINDOW, number: N1 });
    expect(theirs.body.data.map((r) => r.body)).not.toContain("Not globex");
  });

  it.each([
    ["admin", "globex", 200, 8],
    ["admin", "user", 200, 3],
    ["reseller", "globex", 200, 8],
    ["reseller", "user", 404, 0],
  ] as const)("%s reading %s's log answers %i", async (as, account, status, count) => {
    const accountId = await server.id(account);
    const res = await page(as, { ...WINDOW, accountId, limit: "100" }, "/api/admin/message-log");
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.data).toHaveLength(count);
  });

  it.each([
    ["user", "/api/admin/message-log"],
    ["manager", "/api/admin/message-log"],
    ["admin", "/api/v1/message-log"],
    ["reseller", "/api/v1/message-log"],
    ["depthead", "/api/admin/message-log"],
  ] as const)("refuses %s on %s", async (as, url) => {
    const accountId = await server.id("globex");
    const res = await page(as, { accountId }, url);
    expect(res.status).toBe(403);
  });

  it("shows a department head the campaigns it created (its organization's), nothing else of the account", async () => {
    const res = await page("depthead", { limit: "200" });
    expect(res.status).toBe(200);
    const names = new Set(res.body.data.map((r) => r.campaign?.name ?? `${r.kind} message`));
    // The seed's campaign the head created for its organization (server/seed-campaigns.ts), owned by the manager.
    expect([...names]).toEqual(["Store opening invite"]);
    expect(res.body.data.length).toBeGreaterThan(0);
    // The manager's log has that campaign among many others: the head's is a part of it.
    const manager = await page("manager", { limit: "200", campaignId: res.body.data[0].campaign?.id ?? "" });
    expect(manager.body.data.map((r) => r.id).sort()).toEqual(res.body.data.map((r) => r.id).sort());
    // Another campaign of the organization, by id, is not the head's.
    const others = await page("manager", { limit: "200", kind: "campaign" });
    const other = others.body.data.find((r) => r.campaign?.name !== "Store opening invite");
    expect(other).toBeDefined();
    const theirs = await page("depthead", { campaignId: other?.campaign?.id ?? "" });
    expect(theirs.body.data).toEqual([]);
  });

  it("exports the filtered log as CSV with the same rows", async () => {
    const response = await server.call({
      method: "GET",
      url: "/api/v1/message-log/export",
      query: { ...WINDOW, number: N1 },
      as: "globex",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toContain("provider_message_id");
    expect(lines).toHaveLength(1 + 5);
    expect(lines.slice(1).some((l) => l.includes("Log sale"))).toBe(true);
  });
});
