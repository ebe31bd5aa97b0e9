import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "../../contract/domain/charging";
import { channelRates, rateCardAudit, rateCards, users } from "../db/schema";
import { loadRatesFor, resolveRatesFor } from "../services/rates/cards";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// Rate cards (issue 37): who may set whose card, the resolution account → reseller → global, effective dates, a
// reseller's floor (its own cost), the audit of every change, and that bad input writes nothing.

let s: TestServer;
const ids: Record<string, string> = {};
beforeAll(async () => {
  s = await startServer();
  for (const name of ["admin", "reseller", "manager", "user", "globex"] as const) ids[name] = await s.id(name);
  // A second reseller with a customer of its own: outside the demo reseller's reach.
  const [other] = await db()
    .insert(users)
    .values({ username: "other-reseller", email: "other@example.com", passwordHash: "x", role: "reseller" })
    .returning({ id: users.id });
  const [stranger] = await db()
    .insert(users)
    .values({
      username: "stranger",
      email: "stranger@example.com",
      passwordHash: "x",
      role: "manager",
      parentId: other.id,
    })
    .returning({ id: users.id });
  ids.other = other.id;
  ids.stranger = stranger.id;
});
afterAll(async () => s?.close());
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
const put = (as: DemoName, accountId: string, payload: object) =>
  s.call({ method: "PUT", url: `/api/v1/rate-cards/${accountId}`, as, payload });
const get = (as: DemoName, url: string) => s.call({ method: "GET", url, as });
const auditCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(rateCardAudit)
  )[0].n;
const cardCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(rateCards)
  )[0].n;
const DAY = 24 * 60 * 60 * 1000;

describe("who may read and set whose card", () => {
  it.each([
    ["admin", "reseller", "account", 200],
    ["admin", "user", "account", 200],
    ["admin", "reseller", "customers", 200],
    ["admin", "user", "customers", 422],
    ["admin", "admin", "account", 404],
    ["reseller", "manager", "account", 200],
    // Its customer's sub-account: the reseller is the nearest reseller above it.
    ["reseller", "user", "account", 200],
    ["reseller", "reseller", "customers", 200],
    ["reseller", "reseller", "account", 403],
    ["reseller", "stranger", "account", 404],
    ["reseller", "other", "customers", 404],
    ["manager", "user", "account", 403],
    ["user", "user", "account", 403],
  ] as const)("%s sets %s's %s card → %i", async (as, target, scope, status) => {
    const before = { audit: await auditCount(), cards: await cardCount() };
    const res = await put(as, ids[target], { scope, rates: { whatsapp_marketing: 1.5 } });
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 200) expect({ audit: await auditCount(), cards: await cardCount() }).toEqual(before);
  });

  it.each([
    ["admin", "user", 200],
    ["reseller", "user", 200],
    ["reseller", "stranger", 404],
    ["reseller", "admin", 404],
    ["manager", "user", 403],
  ] as const)("%s reads %s's card → %i", async (as, target, status) => {
    expect((await get(as, `/api/v1/rate-cards/${ids[target]}`)).statusCode).toBe(status);
  });
});

describe("resolution: account → reseller's customer card → global → default", () => {
  it("follows the cards key by key, as rates.get shows the account", async () => {
    await db()
      .insert(channelRates)
      .values({ key: "rcs", paise: 40 })
      .onConflictDoUpdate({
        target: channelRates.key,
        set: { paise: 40 },
      });
    expect((await put("admin", ids.reseller, { scope: "account", rates: { sms: 0.18 } })).statusCode).toBe(200);
    expect((await put("reseller", ids.reseller, { scope: "customers", rates: { sms: 0.3 } })).statusCode).toBe(200);
    expect((await put("reseller", ids.globex, { rates: { sms: 0.35 } })).statusCode).toBe(200);
    const globex = await resolveRatesFor(db(), ids.globex);
    const manager = await resolveRatesFor(db(), ids.manager);
    const reseller = await resolveRatesFor(db(), ids.reseller);
    expect([globex.rates.sms, globex.sources.sms]).toEqual([35, "account"]);
    expect([manager.rates.sms, manager.sources.sms]).toEqual([30, "reseller"]);
    expect([reseller.rates.sms, reseller.sources.sms]).toEqual([18, "account"]);
    expect([manager.rates.rcs, manager.sources.rcs]).toEqual([40, "global"]);
    expect([manager.rates.rcs_basic, manager.sources.rcs_basic]).toEqual([DEFAULT_RATES.rcs_basic, "default"]);
    // The customer sees what it pays; the admin sees the global card.
    expect((await get("manager", "/api/v1/rates")).json().data.sms).toBe(0.3);
    expect((await get("admin", "/api/v1/rates")).json().data.sms).toBe(DEFAULT_RATES.sms / 100);
    const card = (await get("reseller", `/api/v1/rate-cards/${ids.globex}`)).json().data;
    expect(card).toMatchObject({ rates: { sms: 0.35 }, sources: { sms: "account" }, cost: { sms: 0.18 } });
    // A manager's sub-account pays its organization's card before the reseller's.
    expect(await resolveRatesFor(db(), ids.user)).toMatchObject({ rates: { sms: 30 }, sources: { sms: "reseller" } });
    expect((await put("reseller", ids.manager, { rates: { sms: 0.32 } })).statusCode).toBe(200);
    const user = await resolveRatesFor(db(), ids.user);
    expect([user.rates.sms, user.sources.sms]).toEqual([32, "organization"]);
  });

  it("a rate effective from a later date applies from then, not before", async () => {
    const later = new Date(Date.now() + 10 * DAY);
    const res = await put("reseller", ids.globex, { rates: { sms: 0.5 }, effectiveFrom: later.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await loadRatesFor(db(), ids.globex)).sms).toBe(35);
    expect((await loadRatesFor(db(), ids.globex, new Date(later.getTime() + 1000))).sms).toBe(50);
    expect(res.json().data.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: "sms", rupees: 0.5, setBy: "reseller" })]),
    );
  });
});

describe("a reseller's floor and bad input", () => {
  it.each([
    [{ rates: { sms: 0.17 } }, 422, /SMS rate is below your own cost of ₹0\.18/],
    [{ rates: { sms: 0.181 } }, 400, /^The SMS rate can have at most two decimal places \(whole paise\)$/],
    [{ rates: { sms: -1 } }, 400, /./],
    [{ rates: {} }, 400, /./],
    [{ rates: { sms: 0.2 }, effectiveFrom: "yesterday-ish" }, 400, /./],
    [{ rates: { sms: 0.2 }, effectiveFrom: new Date(Date.now() - 3 * DAY).toISOString() }, 400, /past/],
    [{ rates: { sms: 0.2, bogus: 1 } }, 400, /./],
  ])("%o → %i, nothing written", async (payload, status, message) => {
    const before = { audit: await auditCount(), cards: await cardCount() };
    const res = await put("reseller", ids.manager, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect({ audit: await auditCount(), cards: await cardCount() }).toEqual(before);
  });

  it("the floor holds for the reseller's card for customers too, but not for the admin", async () => {
    expect((await put("reseller", ids.reseller, { scope: "customers", rates: { sms: 0.1 } })).statusCode).toBe(422);
    expect((await put("admin", ids.manager, { rates: { sms: 0.1 } })).statusCode).toBe(200);
  });
});

describe("the audit", () => {
  it("writes who, when, which card, key, old and new for every change, and nothing for no change", async () => {
    const accountId = ids.user;
    await put("admin", accountId, { rates: { whatsapp_utility: 0.2 } });
    const first = await put("reseller", accountId, { rates: { whatsapp_utility: 0.25, rcs: 0.5 } });
    expect(first.json().message).toBe("2 rates saved");
    const again = await put("reseller", accountId, { rates: { whatsapp_utility: 0.25 } });
    expect(again.json().message).toBe("No rate changed");
    const page = (await get("reseller", `/api/v1/rate-cards/${accountId}/audit?limit=100`)).json();
    const utility = page.data.filter((r: { key: string }) => r.key === "whatsapp_utility");
    expect(utility.slice(0, 2)).toMatchObject([
      { actor: "reseller", account: "user", scope: "account", oldRupees: 0.2, newRupees: 0.25 },
      { actor: "admin", oldRupees: null, newRupees: 0.2 },
    ]);
    expect(page.data.every((r: { account: string }) => r.account === "user")).toBe(true);
    expect((await get("reseller", `/api/v1/rate-cards/${ids.stranger}/audit`)).statusCode).toBe(404);
  });

  it("audits the global card's changes too", async () => {
    const res = await s.call({
      method: "PUT",
      url: "/api/v1/rates",
      as: "admin",
      payload: { sms: 0.27, whatsapp_marketing: 0.88, whatsapp_utility: 0.13, whatsapp_authentication: 0.13, rcs: 0.4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await get("admin", "/api/v1/rate-cards-audit?limit=5")).json();
    expect(page.data[0]).toMatchObject({ actor: "admin", account: null, scope: "global", key: "sms", newRupees: 0.27 });
    expect((await get("reseller", "/api/v1/rate-cards-audit")).statusCode).toBe(403);
  });

  const REQUIRED_RATES = ["sms", "whatsapp_marketing", "whatsapp_utility", "whatsapp_authentication", "rcs"];
  it.each([
    ["delivered", "submitted", "delivered"],
    ["submitted", "delivered", "submitted"],
  ] as const)("audits a change of SMS billed on alone (to %s): who, when, old, new", async (to, old, now) => {
    const before = (await get("admin", "/api/v1/rate-cards-audit?limit=100")).json().count as number;
    const started = Date.now();
    // The same rates (SPEC's body names them all), only the basis changed.
    const rates = (await get("admin", "/api/v1/rates")).json().data as Record<string, number>;
    const same = Object.fromEntries(REQUIRED_RATES.map((k) => [k, rates[k]]));
    const res = await s.call({
      method: "PUT",
      url: "/api/v1/rates",
      as: "admin",
      payload: { ...same, sms_billed_on: to },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await get("admin", "/api/v1/rate-cards-audit?limit=100")).json();
    expect(page.count).toBe(before + 1);
    const [row] = page.data;
    expect(row).toMatchObject({ actor: "admin", account: null, scope: "global", key: "sms" });
    expect(row).toMatchObject({ oldBilledOn: old, newBilledOn: now, oldRupees: row.newRupees });
    expect(Date.parse(row.at)).toBeGreaterThanOrEqual(started - 1000);
    // The same basis again changes nothing, and writes nothing.
    await s.call({ method: "PUT", url: "/api/v1/rates", as: "admin", payload: { ...same, sms_billed_on: to } });
    expect((await get("admin", "/api/v1/rate-cards-audit?limit=100")).json().count).toBe(before + 1);
  });

  it("keeps an account's id unique in each row (no two rows for one card, key and date)", async () => {
    const at = new Date(Date.now() + 20 * DAY).toISOString();
    await put("admin", ids.globex, { rates: { rcs: 0.6 }, effectiveFrom: at });
    await put("admin", ids.globex, { rates: { rcs: 0.7 }, effectiveFrom: at });
    const rows = await db().select().from(rateCards).where(eq(rateCards.accountId, ids.globex));
    expect(rows.filter((r) => r.key === "rcs")).toHaveLength(1);
    expect(rows.find((r) => r.key === "rcs")?.paise).toBe(70);
  });
});
