import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { campaigns } from "../db/schema";
import { dispatchServer, setBalance, smsTemplate, until, type DispatchServer } from "./campaign-fixtures";
import { insertCampaign, smsSetup } from "./campaign-control-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// A campaign keeps the rates it was held with (campaigns.rates): a rate change while it waits or sends never
// re-prices it, while the next campaign's estimate, hold and charges take the new card.

let database: Database;
let server: DispatchServer;
let owner: string;
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  owner = await server.id("manager");
  await setBalance(database.db, owner, "10000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(database.db));

const db = () => database.db;
async function call(
  as: "reseller" | "manager" | "user",
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) {
  const token = await server.token(as);
  return server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}
const row = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
/** The distinct charges of the campaign's charged recipients, in paise. */
const charges = async (id: string) =>
  (
    (await db().execute(
      sql`select distinct cost_paise as c from campaign_recipients where campaign_id = ${id} and cost_paise > 0 order by 1`,
    )) as unknown as { rows: { c: number }[] }
  ).rows.map((r) => r.c);
/** The reseller's margin on this customer (the manager, or another) over the last 7 days (the default period). */
async function marginOf(account = owner): Promise<{
  campaigns: number;
  apiMessages: number;
  charged: number;
  cost: number;
  margin: number;
}> {
  const res = await call("reseller", "GET", "/api/v1/rate-margins");
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().data.find((r: { accountId: string }) => r.accountId === account);
  expect(row).toBeDefined();
  return row;
}
const smsRate = (rupees: number) => call("reseller", "PUT", `/api/v1/rate-cards/${owner}`, { rates: { sms: rupees } });

describe("a campaign holding money keeps its rates", () => {
  it("scheduled at ₹0.30 and sent after a change to ₹0.45: charged ₹0.30; the next campaign ₹0.45", async () => {
    // The demo seed's campaigns of this customer are in the period too: the test counts what it adds.
    const before = await marginOf();
    expect((await smsRate(0.3)).statusCode).toBe(200);
    const sms = await smsSetup(db(), owner);
    const first = await insertCampaign(db(), {
      ownerId: owner,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 20,
    });
    const check = (await call("manager", "GET", `/api/v1/campaign-control/${first}/check`)).json().data;
    expect(check.estimate).toMatchObject({ perMessage: 0.3, expected: 6 });
    // The hold (and the card) are taken at scheduling; the sending starts two seconds later.
    const scheduledAt = new Date(Date.now() + 2000).toISOString();
    const scheduled = await call("manager", "POST", `/api/v1/campaign-control/${first}/schedule`, {
      scheduledAt,
      timeZone: "Asia/Kolkata",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await row(first)).rates?.sms).toBe(30);
    expect((await smsRate(0.45)).statusCode).toBe(200);
    const done = await until(
      () => row(first),
      (c) => c.status === "completed",
    );
    expect(await charges(first)).toEqual([30]);
    expect(done.spentPaise).toBe(30 * 20);

    const second = await insertCampaign(db(), {
      ownerId: owner,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 10,
      firstNumber: 100,
    });
    const estimate = (await call("manager", "GET", `/api/v1/campaign-control/${second}/check`)).json().data.estimate;
    expect(estimate).toMatchObject({ perMessage: 0.45, expected: 4.5 });
    const started = await call("manager", "POST", `/api/sms/campaigns/${second}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.cost.held).toBe(4.5);
    await until(
      () => row(second),
      (c) => c.status === "completed",
    );
    expect(await charges(second)).toEqual([45]);

    // The reseller's margin on this customer: 20 × ₹0.30 + 10 × ₹0.45 charged against its own cost, the seed's
    // ₹0.20 (server/seed-ledger.ts; 30 messages), so ₹10.50 − ₹6.00.
    const after = await marginOf();
    expect({
      campaigns: after.campaigns - before.campaigns,
      charged: Math.round((after.charged - before.charged) * 100),
      cost: Math.round((after.cost - before.cost) * 100),
      margin: Math.round((after.margin - before.margin) * 100),
    }).toEqual({ campaigns: 2, charged: 1050, cost: 600, margin: 450 });
  });
});

describe("the reseller's margin counts public-API messages", () => {
  it("3 SMS sent through the API at the organization's ₹0.40 against the reseller's ₹0.20 cost: ₹0.60", async () => {
    // The manager's user buys at its organization's card (the manager's, set by the reseller).
    const user = await server.id("user");
    await setBalance(db(), user, "100.00");
    const before = await marginOf(user);
    expect((await smsRate(0.4)).statusCode).toBe(200);
    const created = await call("user", "POST", "/api/ums/v1/api-keys", {
      name: "Margin key",
      scopes: ["messages:send"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = (created.json() as { data: { key: string } }).data.key;
    const template = await smsTemplate(db(), user);
    for (const to of ["9000000001", "9000000002", "9000000003"]) {
      const sent = await server.app.inject({
        method: "POST",
        url: "/api/public/v1/messages",
        headers: { "x-api-key": key },
        payload: { channel: "sms", to, templateId: template.id, variables: ["Asha", "4711"] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().data.cost).toBe(0.4);
    }
    const after = await marginOf(user);
    expect({
      campaigns: after.campaigns - before.campaigns,
      apiMessages: after.apiMessages - before.apiMessages,
      charged: Math.round((after.charged - before.charged) * 100),
      cost: Math.round((after.cost - before.cost) * 100),
      margin: Math.round((after.margin - before.margin) * 100),
    }).toEqual({ campaigns: 0, apiMessages: 3, charged: 120, cost: 60, margin: 60 });
  });
});

describe("a draft holds no money, a held campaign keeps its price", () => {
  it("a ready draft's stored estimate follows a rate change when reviewed; once scheduled, a change moves nothing", async () => {
    const sms = await smsSetup(db(), owner);
    const draft = await insertCampaign(db(), {
      ownerId: owner,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 10,
      firstNumber: 300,
    });
    const review = async () => (await call("manager", "GET", `/api/v1/campaign-control/${draft}/check`)).json().data;
    expect((await smsRate(0.3)).statusCode).toBe(200);
    expect((await review()).estimate).toMatchObject({ perMessage: 0.3, expected: 3 });
    expect((await row(draft)).estimatedPaise).toBe(300);
    // The rate moves while the campaign is a draft: the next review stores the new estimate (nothing is held).
    expect((await smsRate(0.35)).statusCode).toBe(200);
    expect((await review()).estimate).toMatchObject({ perMessage: 0.35, expected: 3.5 });
    expect(await row(draft)).toMatchObject({ estimatedPaise: 350, heldPaise: 0, rates: null });
    // Scheduled a day ahead: held at ₹0.35 and the card kept with it.
    const scheduled = await call("manager", "POST", `/api/v1/campaign-control/${draft}/schedule`, {
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      timeZone: "Asia/Kolkata",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const held = await row(draft);
    expect(held).toMatchObject({ status: "scheduled", estimatedPaise: 350, heldPaise: 350 });
    expect(held.rates?.sms).toBe(35);
    // A change now re-prices nothing: the review answers the kept card, the row and the hold stay.
    expect((await smsRate(0.5)).statusCode).toBe(200);
    expect((await review()).estimate).toMatchObject({ perMessage: 0.35, expected: 3.5 });
    expect(await row(draft)).toMatchObject({ estimatedPaise: 350, heldPaise: 350 });
    expect((await row(draft)).rates?.sms).toBe(35);
    // Discarded, its whole hold comes back (the ledger check after the test sees balance = ledger).
    const discarded = await call("manager", "PUT", `/api/sms/campaigns/${draft}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(200);
  });
});
