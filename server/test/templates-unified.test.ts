import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UnifiedTemplateRow } from "../../contract/calls";
import { rcsTemplates, smsAccounts, smsTemplates, wabas, whatsappTemplates } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";

const URL = "/api/v1/templates";
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const count = async (q: Promise<{ n: number }[]>) => (await q)[0].n;

/** What each channel's own tables hold for these owners: the unified list must agree. */
async function expectedTotals(owners: string[]) {
  const n = sql<number>`count(*)::int`;
  return {
    sms: await count(
      db()
        .select({ n })
        .from(smsTemplates)
        .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId))
        .where(inArray(smsAccounts.userId, owners)),
    ),
    whatsapp: await count(db().select({ n }).from(whatsappTemplates).where(inArray(whatsappTemplates.userId, owners))),
    rcs: await count(db().select({ n }).from(rcsTemplates).where(inArray(rcsTemplates.userId, owners))),
  };
}

async function list(as: DemoName, query: Record<string, string> = {}) {
  const res = await server.call({ method: "GET", url: URL, as, query });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    totalPages: number;
    totals: Record<string, number>;
    data: UnifiedTemplateRow[];
  };
}

describe("GET /api/v1/templates (every channel's templates in one list)", () => {
  it("gives a manager its SMS, WhatsApp and RCS templates, newest first, with per-channel totals", async () => {
    const manager = await server.id("manager");
    const expected = await expectedTotals([manager]);
    expect(expected.sms).toBeGreaterThan(0);
    expect(expected.whatsapp).toBeGreaterThan(0);
    expect(expected.rcs).toBeGreaterThan(0);
    const body = await list("manager", { limit: "100" });
    expect(body.totals).toEqual(expected);
    expect(body.count).toBe(expected.sms + expected.whatsapp + expected.rcs);
    expect(new Set(body.data.map((r) => r.channel))).toEqual(new Set(["sms", "whatsapp", "rcs"]));
    const times = body.data.map((r) => Date.parse(r.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("includes a channel only for roles that may list it: a department head has no WhatsApp, and sees its organization's SMS templates", async () => {
    const body = await list("depthead", { limit: "100" });
    expect(body.totals.whatsapp).toBe(0);
    expect(body.data.some((r) => r.channel === "whatsapp")).toBe(false);
    const expected = await expectedTotals([await server.id("manager"), await server.id("depthead")]);
    expect(body.totals.sms).toBe(expected.sms);
  });

  it("never shows another tenant's templates", async () => {
    const mine = (await list("manager", { limit: "100" })).data.map((r) => r.id);
    const theirs = (await list("globex", { limit: "100" })).data.map((r) => r.id);
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
  });

  it("filters by channel, status (any case), category and search, and pages", async () => {
    const whatsapp = await list("manager", { channel: "whatsapp", limit: "100" });
    expect(whatsapp.data.length).toBeGreaterThan(0);
    expect(whatsapp.data.every((r) => r.channel === "whatsapp")).toBe(true);
    expect(whatsapp.totals.sms).toBeGreaterThan(0); // the totals ignore the filters
    const wabaNames = (
      await db()
        .select({ name: wabas.name })
        .from(wabas)
        .where(eq(wabas.userId, await server.id("manager")))
    ).map((w) => w.name);
    expect(whatsapp.data.every((r) => wabaNames.includes(r.source))).toBe(true);

    const rejected = await list("manager", { status: "rejected" });
    expect(rejected.data.map((r) => [r.channel, r.status])).toEqual([["whatsapp", "REJECTED"]]);

    const marketing = await list("manager", { category: "marketing", limit: "100" });
    expect(marketing.data.length).toBeGreaterThan(0);
    expect(marketing.data.every((r) => r.category === "MARKETING")).toBe(true);

    const searched = await list("manager", { search: "ORDER_SHIP" });
    expect(searched.data.map((r) => r.name)).toEqual(["order_shipped"]);

    const all = await list("manager", { limit: "100" });
    const page2 = await list("manager", { limit: "2", page: "2" });
    expect(page2.data.map((r) => r.id)).toEqual(all.data.slice(2, 4).map((r) => r.id));
    expect(page2.totalPages).toBe(Math.ceil(all.count / 2));

    const none = await list("manager", { search: "no template is called this" });
    expect(none).toMatchObject({ count: 0, data: [], totalPages: 1 });
    expect(none.totals).toEqual(all.totals);
  });

  it("refuses a reseller, an unknown channel and a missing token", async () => {
    expect((await server.call({ method: "GET", url: URL, as: "reseller" })).statusCode).toBe(403);
    expect((await server.call({ method: "GET", url: URL, as: "manager", query: { channel: "fax" } })).statusCode).toBe(
      400,
    );
    expect((await server.call({ method: "GET", url: URL })).statusCode).toBe(401);
  });

  it("refuses an account without the template module (priya)", async () => {
    expect((await server.call({ method: "GET", url: URL, as: "priya" })).statusCode).toBe(403);
  });
});
