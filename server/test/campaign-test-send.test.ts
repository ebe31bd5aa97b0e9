import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE } from "../../contract/domain/campaigns";
import { MSG } from "../../contract/messages";
import type { Database } from "../db/client";
import { balanceLedger, campaigns, contacts, rateCards } from "../db/schema";
import {
  balanceOf,
  dispatchServer,
  insertCampaign,
  ordinaryNumbers,
  setBalance,
  smsTemplate,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { moneySnapshot } from "./campaign-control-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// campaigns.testSend: the campaign's message to a few numbers now, paid from the owner's balance per message.

let database: Database;
let server: DispatchServer;
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  for (const name of ["user", "manager"] as const) await setBalance(database.db, await server.id(name), "1000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
const smsRate = DEFAULT_RATES_PAISE.sms;

async function smsCampaign(owner: DemoName, status: "ready" | "running" | "paused" = "ready") {
  const userId = await server.id(owner);
  const sms = await smsTemplate(db(), userId);
  const id = await insertCampaign(db(), {
    userId,
    channel: "sms",
    templateId: sms.id,
    templateName: sms.name,
    sender: sms.senderId,
    smsAccountId: sms.accountId,
    numbers: ordinaryNumbers(2),
    variables: ["{{name}}", "42"],
    holdPaise: 0,
    status,
  });
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  return { id, userId, name: row.name, sms };
}

async function testSend(as: DemoName, id: string, numbers: string[]) {
  return server.app.inject({
    method: "POST",
    url: `/api/v1/campaign-control/${id}/test-send`,
    headers: { authorization: `Bearer ${await server.token(as)}` },
    payload: { numbers },
  });
}

const testMessages = (to?: string) =>
  server.carrier.sent.filter((m) => m.id.startsWith("test:") && (!to || m.to === to));

describe("campaigns.testSend", () => {
  it("sends the message with the fixed values ({{column}} as [column]) to the valid numbers, and debits each from the balance", async () => {
    const c = await smsCampaign("user");
    const before = await balanceOf(db(), c.userId);
    const res = await testSend("user", c.id, ["9000000001", "+91 90000 00002", "12345"]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      { number: "+919000000001", accepted: true, reason: null },
      { number: "+919000000002", accepted: true, reason: null },
      { number: "12345", accepted: false, reason: "Not a valid phone number" },
    ]);
    expect(body.message).toContain("[name]");
    expect(testMessages("+919000000001")).toEqual([
      expect.objectContaining({
        channel: "sms",
        from: c.sms.senderId,
        content: { kind: "text", text: "Dear [name], your code is 42. - ACME", dltTemplateId: c.sms.dltTemplateId },
      }),
    ]);
    expect(await balanceOf(db(), c.userId)).toBe(before - 2 * smsRate);
    const ledger = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, c.userId), eq(balanceLedger.kind, "debit")));
    expect(ledger.map((l) => [Math.round(Number(l.amount) * 100), l.note])).toEqual([
      [-2 * smsRate, `Test send of campaign "${c.name}"`],
    ]);
  });

  it("a message the carrier refuses is answered accepted:false with its reason and not charged", async () => {
    const userId = await server.id("manager");
    const wa = await whatsappTemplate(db(), userId, { category: "UTILITY" });
    const id = await insertCampaign(db(), {
      userId,
      templateId: wa.id,
      templateName: wa.name,
      numbers: ordinaryNumbers(1),
      variables: ["Asha"],
      holdPaise: 0,
      status: "ready",
    });
    const before = await balanceOf(db(), userId);
    const res = await testSend("manager", id, ["+919000000011", "+919000000003"]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { number: "+919000000011", accepted: false, reason: "Message undeliverable" },
      { number: "+919000000003", accepted: true, reason: null },
    ]);
    expect(testMessages("+919000000003")[0].content).toEqual({
      kind: "template",
      templateName: wa.name,
      language: "en_US",
      params: ["Asha"],
    });
    expect(await balanceOf(db(), userId)).toBe(before - DEFAULT_RATES_PAISE.whatsapp_utility);
  });

  it("fills {{contact.x}} with a test number's contact (the owner's contacts: a user's are its manager's), else the fallback", async () => {
    const userId = await server.id("user");
    const manager = await server.id("manager");
    await db()
      .insert(contacts)
      .values([
        { userId: manager, number: "+919000000021", name: "Asha", attributes: {}, source: "console" },
        { userId: manager, number: "+919000000022", name: "", attributes: {}, source: "console" },
        // Another account's contact is never read.
        { userId: await server.id("admin"), number: "+919000000023", name: "Other", source: "console" },
      ]);
    const wa = await whatsappTemplate(db(), userId, { category: "UTILITY" });
    const id = await insertCampaign(db(), {
      userId,
      templateId: wa.id,
      templateName: wa.name,
      numbers: ordinaryNumbers(1),
      variables: ["{{contact.name|Customer}}", "{{contact.email}}"],
      holdPaise: 0,
      status: "ready",
    });
    const res = await testSend("user", id, ["+919000000021", "+919000000022", "+919000000023", "+919000000024"]);
    expect(res.statusCode, res.body).toBe(200);
    const paramsTo = (to: string) => {
      const content = testMessages(to)[0].content;
      return content.kind === "template" ? content.params : [];
    };
    expect(
      ["+919000000021", "+919000000022", "+919000000023", "+919000000024"].map((n) => [n, ...paramsTo(n)]),
    ).toEqual([
      ["+919000000021", "Asha", "[contact.email]"],
      ["+919000000022", "Customer", "[contact.email]"], // a contact with an empty name
      ["+919000000023", "Customer", "[contact.email]"],
      ["+919000000024", "Customer", "[contact.email]"],
    ]);
    expect(res.json().message).toContain("{{contact.email}} is shown as [contact.email]");
    expect(res.json().message).not.toContain("contact.name");
  });

  it("only the owner (user or manager) may test; other roles 403, another tenant's campaign 404", async () => {
    const c = await smsCampaign("user");
    for (const as of ["admin", "reseller", "depthead"] as const)
      expect((await testSend(as, c.id, ["+919000000001"])).statusCode).toBe(403);
    expect((await testSend("manager", c.id, ["+919000000001"])).statusCode).toBe(404);
    expect((await testSend("user", "00000000-0000-4000-8000-000000000000", ["+919000000001"])).statusCode).toBe(404);
  });

  it("is priced at the owner's own rate card, as the campaign is estimated", async () => {
    const c = await smsCampaign("manager");
    await db()
      .insert(rateCards)
      .values({
        accountId: c.userId,
        scope: "account",
        key: "sms",
        paise: 41,
        effectiveFrom: new Date(Date.now() - 60_000),
      });
    try {
      const before = await balanceOf(db(), c.userId);
      const res = await testSend("manager", c.id, ["9000000001"]);
      expect(res.statusCode, res.body).toBe(200);
      // The card sets "sms" only: the template's DLT category (transactional) falls back to it.
      expect(await balanceOf(db(), c.userId)).toBe(before - 41);
    } finally {
      await db().delete(rateCards).where(eq(rateCards.accountId, c.userId));
    }
  });

  it("a short balance is refused with nothing sent and nothing charged", async () => {
    const c = await smsCampaign("user");
    await setBalance(db(), c.userId, "0.00");
    const snapshot = await moneySnapshot(db(), c.userId, c.id);
    const sentBefore = testMessages().length;
    const res = await testSend("user", c.id, ["+919000000004"]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.insufficientBalance });
    expect(await moneySnapshot(db(), c.userId, c.id)).toEqual(snapshot);
    expect(testMessages().length).toBe(sentBefore);
    await setBalance(db(), c.userId, "1000.00");
  });

  it("a final campaign answers 409; a running or paused one may still be tested", async () => {
    for (const status of ["completed", "discarded", "failed"] as const) {
      const c = await smsCampaign("user");
      await db().update(campaigns).set({ status }).where(eq(campaigns.id, c.id));
      const snapshot = await moneySnapshot(db(), c.userId, c.id);
      expect((await testSend("user", c.id, ["+919000000005"])).statusCode).toBe(409);
      expect(await moneySnapshot(db(), c.userId, c.id)).toEqual(snapshot);
    }
    const paused = await smsCampaign("user", "paused");
    expect((await testSend("user", paused.id, ["+919000000006"])).statusCode).toBe(200);
  });

  it("more than TEST_SEND_MAX numbers or none are refused by the body schema", async () => {
    const c = await smsCampaign("user");
    expect((await testSend("user", c.id, [])).statusCode).toBe(400);
    expect((await testSend("user", c.id, ordinaryNumbers(6))).statusCode).toBe(400);
  });
});
