// The public send API on an Indian DLT SMS route (a template of an SMS account with a DLT entity id): a number that is
// not an Indian mobile and a variable value over DLT's limit are refused with 422 and the reason, and nothing is
// stored or charged. An account without an entity id is no DLT route and keeps taking any valid number.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { DEFAULT_RATES_PAISE } from "../../contract/domain/campaigns";
import { DLT_ROUTE_MESSAGES } from "../../contract/domain/dlt-route";
import { DND_MESSAGES } from "../../contract/domain/dnd";
import type { SmsCategory } from "../../contract/domain/sms";
import { SMS_VARIABLE_MAX } from "../../contract/domain/sms";
import type { Database } from "../db/client";
import { apiMessages, balanceLedger, dndNumbers, smsAccounts, smsTemplates } from "../db/schema";
import { balanceOf, dispatchServer, setBalance, smsTemplate, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let database: Database;
let server: DispatchServer;
let userId: string;
let key: string;
let dlt: { id: string; accountId: string };
let plain: { id: string };

const db = () => database.db;
type Json = Record<string, unknown>;
const send = (payload: Json) =>
  server.app.inject({ method: "POST", url: "/api/public/v1/messages", headers: { "x-api-key": key }, payload });
const batch = (messages: Json[]) =>
  server.app.inject({
    method: "POST",
    url: "/api/public/v1/messages/batch",
    headers: { "x-api-key": key },
    payload: { messages },
  });
const smsTo = (templateId: string, to: string, variables = ["Asha", "4711"]) => ({
  channel: "sms",
  to,
  templateId,
  variables,
});

/** What the account holds: its balance, its ledger rows and its API messages. */
async function books() {
  const ledger = await db()
    .select({ amount: balanceLedger.amount })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  const messages = await db().select({ id: apiMessages.id }).from(apiMessages).where(eq(apiMessages.userId, userId));
  return {
    balance: await balanceOf(db(), userId),
    ledgerPaise: ledger.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0),
    messages: messages.length,
  };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  userId = await server.id("user");
  await setBalance(db(), userId, "100.00");
  const res = await server.app.inject({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    headers: { authorization: `Bearer ${await server.token("user")}` },
    payload: { name: "DLT key", scopes: ["messages:send"] },
  });
  key = (res.json() as { data: { key: string } }).data.key;
  dlt = await smsTemplate(db(), userId);
  await db().update(smsAccounts).set({ dltEntityId: "1201159100000000001" }).where(eq(smsAccounts.id, dlt.accountId));
  plain = await smsTemplate(db(), userId);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

describe("an SMS template of a DLT account", () => {
  const long = (n: number) => "x".repeat(n);
  it.each([
    ["a US number", smsTo("", "+14155550100"), "to", DLT_ROUTE_MESSAGES.notIndianMobile],
    ["a Delhi landline", smsTo("", "+911123456789"), "to", DLT_ROUTE_MESSAGES.notIndianMobile],
    ["ten digits starting 5", smsTo("", "5123456789"), "to", DLT_ROUTE_MESSAGES.notIndianMobile],
    [
      "the second value 36 characters",
      smsTo("", "9876543210", ["Asha", long(36)]),
      "variables.1",
      DLT_ROUTE_MESSAGES.variableTooLong("#2", 36),
    ],
    [
      "the first value one over",
      smsTo("", "9876543210", [long(SMS_VARIABLE_MAX + 1), "4711"]),
      "variables.0",
      DLT_ROUTE_MESSAGES.variableTooLong("#1", SMS_VARIABLE_MAX + 1),
    ],
  ])("%s → 422 with the reason; nothing stored or charged", async (_label, body, field, message) => {
    const before = await books();
    const res = await send({ ...body, templateId: dlt.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: PUBLIC_ERRORS.dltRoute.code,
      message: `${field}: ${message}`,
      errors: [{ field, message }],
    });
    expect(await books()).toEqual(before);
  });

  it("the refusal says the route takes Indian mobile numbers only", async () => {
    expect((await send(smsTo(dlt.id, "+447400123456"))).json().message).toContain("Indian mobile numbers only");
  });

  it("an Indian mobile with values at the limit is accepted and charged; balance = ledger", async () => {
    const before = await books();
    const res = await send(smsTo(dlt.id, "+91 98765 43210", ["Asha", long(SMS_VARIABLE_MAX)]));
    expect(res.statusCode, res.body).toBe(201);
    const after = await books();
    expect(after.messages).toBe(before.messages + 1);
    expect(after.balance).toBeLessThan(before.balance);
    expect(after.balance - before.balance).toBe(after.ledgerPaise - before.ledgerPaise);
  });

  it("a batch with one foreign number is refused whole, naming it; nothing stored or charged", async () => {
    const before = await books();
    const res = await batch([smsTo(dlt.id, "9876543211"), smsTo(dlt.id, "+14155550100")]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ field: "messages.1.to", message: DLT_ROUTE_MESSAGES.notIndianMobile }]);
    expect(await books()).toEqual(before);
  });
});

describe("an SMS template of an account without a DLT entity id", () => {
  it("is no DLT route: a US number and a long value are accepted", async () => {
    const res = await send(smsTo(plain.id, "+14155550100", ["Asha", "y".repeat(36)]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.cost).toBe(DEFAULT_RATES_PAISE.sms / 100);
  });
});

describe("the DND list on a DLT template, by the template's category", () => {
  const fullyBlocked = "+919811100001";
  const partial = "+919811100002";
  const consented = "+919811100003";
  // One DLT template per category (the sender directory caches templates for a few seconds, so none is changed).
  const templates = new Map<SmsCategory, string>();
  beforeAll(async () => {
    for (const category of ["transactional", "service-implicit", "service-explicit", "promotional"] as const) {
      const t = await smsTemplate(db(), userId);
      await db().update(smsAccounts).set({ dltEntityId: "1201159100000000001" }).where(eq(smsAccounts.id, t.accountId));
      await db().update(smsTemplates).set({ category }).where(eq(smsTemplates.id, t.id));
      templates.set(category, t.id);
    }
    await db()
      .insert(dndNumbers)
      .values([
        { userId, number: fullyBlocked, preferences: [0], source: "import" as const },
        { userId, number: partial, preferences: [2], source: "import" as const },
        { userId, number: consented, preferences: [0], consent: true, source: "import" as const },
      ]);
  });

  it.each<[SmsCategory, string, boolean]>([
    ["promotional", fullyBlocked, false],
    ["promotional", partial, false],
    ["promotional", consented, true],
    ["service-explicit", fullyBlocked, false],
    ["service-explicit", partial, true],
    ["transactional", fullyBlocked, true],
    ["service-implicit", partial, true],
  ])(
    "%s to %s → accepted %s; a refusal is 422 with the reason, nothing stored or charged",
    async (category, to, accepted) => {
      const before = await books();
      const res = await send(smsTo(templates.get(category) ?? "", to));
      if (accepted) {
        expect(res.statusCode, res.body).toBe(201);
        return;
      }
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: PUBLIC_ERRORS.dnd.code,
        errors: [{ field: "to", message: DND_MESSAGES.blocked(category) }],
      });
      expect(await books()).toEqual(before);
    },
  );
});
