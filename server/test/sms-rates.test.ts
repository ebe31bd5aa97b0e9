import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { campaigns, smsAccounts, smsTemplates } from "../db/schema";
import { dispatchServer, setBalance, smsTemplate, until, type DispatchServer } from "./campaign-fixtures";
import { insertCampaign, smsSetup } from "./campaign-control-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// SMS rates by DLT template category (issue 37): a campaign, the public API and the reseller's margin price a DLT SMS
// at its template's category's rate on the account's card; a card setting only "sms" prices every category at it.

let database: Database;
let server: DispatchServer;
const ids: Record<"admin" | "reseller" | "manager" | "user", string> = {
  admin: "",
  reseller: "",
  manager: "",
  user: "",
};
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  for (const name of ["admin", "reseller", "manager", "user"] as const) ids[name] = await server.id(name);
  await setBalance(database.db, ids.manager, "10000.00");
  await setBalance(database.db, ids.user, "100.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(database.db));

const db = () => database.db;
async function call(as: keyof typeof ids, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const token = await server.token(as);
  return server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}
const setCard = (as: "admin" | "reseller", accountId: string, rates: Record<string, number>) =>
  call(as, "PUT", `/api/v1/rate-cards/${accountId}`, { rates });
const row = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];

describe("an SMS campaign is estimated and held at its template category's rate on the account's card", () => {
  beforeAll(async () => {
    const res = await setCard("reseller", ids.manager, { sms: 0.3, sms_promotional: 0.55 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ["promotional", 0.55, 55],
    ["transactional", 0.3, 30],
    ["service-implicit", 0.3, 30],
  ] as const)("a %s template: ₹%s per part, the hold at it", async (category, rupees, paise) => {
    const sms = await smsSetup(db(), ids.manager, { category });
    const id = await insertCampaign(db(), {
      ownerId: ids.manager,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 10,
    });
    const check = await call("manager", "GET", `/api/v1/campaign-control/${id}/check`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.estimate).toMatchObject({ perMessage: rupees, expected: (paise * 10) / 100 });
    // Outside TRAI's window a promotional start is scheduled for its opening, with the hold taken either way.
    const started = await call("manager", "POST", `/api/sms/campaigns/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.cost.held).toBe((paise * 10) / 100);
    const held = await row(id);
    expect(held.rates?.sms_promotional).toBe(55);
    expect(held.estimatedPaise).toBe(paise * 10);
  });

  it("a ready draft's estimate keeps when it was priced; a check prices it again and moves that time", async () => {
    const sms = await smsSetup(db(), ids.manager, { category: "promotional" });
    const id = await insertCampaign(db(), {
      ownerId: ids.manager,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 2,
    });
    await db()
      .update(campaigns)
      .set({ estimatedPaise: 1, estimatedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(campaigns.id, id));
    const check = await call("manager", "GET", `/api/v1/campaign-control/${id}/check`);
    expect(check.statusCode, check.body).toBe(200);
    const after = await row(id);
    expect(after.estimatedPaise).toBe(110);
    expect(after.estimatedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a campaign held with rates stored before the categories keeps its SMS price", async () => {
    const sms = await smsSetup(db(), ids.manager, { category: "promotional" });
    const id = await insertCampaign(db(), {
      ownerId: ids.manager,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 4,
    });
    // A scheduled campaign whose stored rates have no category keys (held before they existed).
    await db().execute(
      sql`update campaigns set status = 'scheduled', scheduled_at = now() + interval '1 day',
            rates = ${JSON.stringify({ sms: 27, smsBilledOn: "submitted" })}::jsonb where id = ${id}`,
    );
    const check = await call("manager", "GET", `/api/v1/campaign-control/${id}/check`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.estimate).toMatchObject({ perMessage: 0.27 });
  });
});

describe("a reseller's customer card for promotional SMS", () => {
  it("below its own promotional cost is refused naming it; at or above is saved and audited", async () => {
    expect((await setCard("admin", ids.reseller, { sms_promotional: 0.4 })).statusCode).toBe(200);
    const low = await setCard("reseller", ids.user, { sms_promotional: 0.35 });
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe("The SMS promotional rate is below your own cost of ₹0.40");
    // A new SMS rate alone would price the user's promotional SMS below that cost too.
    const smsOnly = await setCard("reseller", ids.user, { sms: 0.3 });
    expect(smsOnly.statusCode).toBe(422);
    expect(smsOnly.json().message).toMatch(/SMS promotional rate is below your own cost of ₹0\.40/);
    const ok = await setCard("reseller", ids.user, { sms: 0.3, sms_promotional: 0.45 });
    expect(ok.statusCode, ok.body).toBe(200);
    const card = (await call("reseller", "GET", `/api/v1/rate-cards/${ids.user}`)).json().data;
    expect(card.rates).toMatchObject({ sms: 0.3, sms_promotional: 0.45, sms_transactional: 0.3 });
    expect(card.sources).toMatchObject({ sms_promotional: "account", sms_transactional: "account" });
    expect(card.cost).toMatchObject({ sms_promotional: 0.4 });
    const audit = (await call("reseller", "GET", `/api/v1/rate-cards/${ids.user}/audit?limit=100`)).json().data;
    expect(audit.filter((r: { key: string }) => r.key === "sms_promotional")).toMatchObject([
      { actor: "reseller", account: "user", oldRupees: null, newRupees: 0.45 },
    ]);
    const global = (await call("admin", "GET", "/api/v1/rate-cards-audit?limit=100")).json().data;
    expect(global).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "sms_promotional", account: "reseller", newRupees: 0.4 }),
      ]),
    );
  });

  it("the public API charges a DLT promotional template at the customer's promotional rate", async () => {
    const template = await smsTemplate(db(), ids.user);
    await db().update(smsTemplates).set({ category: "promotional" }).where(eq(smsTemplates.id, template.id));
    await db()
      .update(smsAccounts)
      .set({ dltEntityId: "1201159100000000001" })
      .where(eq(smsAccounts.id, template.accountId));
    const created = await call("user", "POST", "/api/ums/v1/api-keys", {
      name: "Promo key",
      scopes: ["messages:send"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = (created.json() as { data: { key: string } }).data.key;
    const sent = await server.app.inject({
      method: "POST",
      url: "/api/public/v1/messages",
      headers: { "x-api-key": key },
      payload: { channel: "sms", to: "9000000001", templateId: template.id, variables: ["Asha", "4711"] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.cost).toBe(0.45);
  });
});

describe("the reseller's margin on SMS by category", () => {
  it("a transactional campaign at the customer's ₹0.35 against the reseller's own ₹0.25: ₹1.00 on 10", async () => {
    const margin = async () => {
      const res = await call("reseller", "GET", "/api/v1/rate-margins");
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.find((r: { accountId: string }) => r.accountId === ids.manager) as {
        charged: number;
        cost: number;
        margin: number;
      };
    };
    const before = await margin();
    expect((await setCard("admin", ids.reseller, { sms_transactional: 0.25 })).statusCode).toBe(200);
    expect((await setCard("reseller", ids.manager, { sms_transactional: 0.35 })).statusCode).toBe(200);
    const sms = await smsSetup(db(), ids.manager, { category: "transactional" });
    const id = await insertCampaign(db(), {
      ownerId: ids.manager,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 10,
      firstNumber: 500,
    });
    const started = await call("manager", "POST", `/api/sms/campaigns/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    await until(
      () => row(id),
      (c) => c.status === "completed",
    );
    expect((await row(id)).spentPaise).toBe(350);
    const after = await margin();
    const cents = (a: number, b: number) => Math.round((a - b) * 100);
    expect({
      charged: cents(after.charged, before.charged),
      cost: cents(after.cost, before.cost),
      margin: cents(after.margin, before.margin),
    }).toEqual({ charged: 350, cost: 250, margin: 100 });
  });
});
