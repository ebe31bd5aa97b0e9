// Erase (issue 39): after a person is erased, no table holds their number anywhere (a scan of every text, array and
// JSON column of every table), the money stays (balance = ledger), a campaign skips them and the public API refuses
// them, and they cannot come back as a contact; the confirmation, the roles and another account's contacts refuse.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { CONTACT_MESSAGES } from "../../contract/domain/contacts";
import type { ContactUpdatedData } from "../../contract/domain/webhooks";
import { chatFiles, chatMessages, conversations, inboundMessages } from "../db/schema";
import { rowsOf } from "../db/sql";
import { ERASED_TABLES } from "../services/contacts/erase";
import { createEndpoint } from "../services/webhooks/endpoints";
import { insertCampaign, setBalance, whatsappSetup } from "./campaign-control-fixtures";
import { smsTemplate } from "./campaign-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let s: TestServer;
let manager = "";
// A number nothing else in the demo data holds (the scan looks for its digits everywhere).
const NUMBER = "+919845012377";
const DIGITS = NUMBER.slice(1);
const KEPT = "+919845012388";

beforeAll(async () => {
  s = await startServer({ jobIntervalMs: 3_600_000 }, { dispatch: { idleMs: 3_600_000 } });
  manager = await s.id("manager");
  await setBalance(db(), manager, "1000.00");
});
afterAll(async () => s?.close());
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
const call = (as: DemoName, method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
  s.call({ method, url, as, payload });
const erase = (as: DemoName, id: string, confirm: string) =>
  call(as, "POST", `/api/v1/contacts/erase/${id}`, { confirm });

/** Every (table, column) of the public schema that can hold text: text, varchar, arrays and JSON. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  return rowsOf(
    db(),
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and (data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))
          and table_name not like '\\_\\_%' order by 1, 2`,
  );
}

/** The (table, column) pairs holding the digits anywhere in their text. */
async function traces(digits: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const [row] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${digits}%`}`,
    );
    if (row.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** The person everywhere: a contact, a campaign's recipient, consent, a suppression, a chat, an inbound message. */
async function personEverywhere(number: string): Promise<{ contactId: string; campaignId: string }> {
  const made = await call("manager", "POST", "/api/v1/contacts", { number, name: "Ravi Erase", labels: ["vip"] });
  expect(made.statusCode, made.body).toBe(201);
  const wa = await whatsappSetup(db(), manager, "UTILITY");
  const campaignId = await insertCampaign(db(), {
    ownerId: manager,
    channel: "whatsapp",
    templateId: wa.templateId,
    wabaId: wa.wabaId,
    recipients: 1,
    firstNumber: 0,
  });
  // The fixture's recipient becomes the person (their number, with values rendered from their name).
  await db().execute(
    sql`update campaign_recipients set number = ${number}, variables = '{Ravi}', name = 'Ravi' where campaign_id = ${campaignId}`,
  );
  await call("manager", "POST", `/api/v1/consent/${encodeURIComponent(number)}`, {
    channel: "whatsapp",
    status: "opted_in",
    method: "form",
    proof: `Form for ${number}`,
  });
  await call("manager", "POST", `/api/v1/consent/${encodeURIComponent(number)}`, {
    channel: "sms",
    status: "opted_out",
    method: "agent",
  });
  await db().insert(inboundMessages).values({
    userId: manager,
    channel: "whatsapp",
    from: number,
    to: "bot",
    text: "Call me at this number",
    receivedAt: new Date(),
  });
  const [chat] = await db()
    .insert(conversations)
    .values({
      userId: manager,
      channel: "whatsapp",
      customerNumber: number,
      businessAddress: "phone-erase",
      customerName: "Ravi",
    })
    .returning({ id: conversations.id });
  await db()
    .insert(chatMessages)
    .values({ conversationId: chat.id, userId: manager, direction: "in", text: `I am ${number}` });
  // A photo they sent: its row and its stored bytes.
  const key = `chat-files/erase-${number.slice(-4)}.jpg`;
  await s.app.storage.put(key, Buffer.from("a photo"), "image/jpeg");
  await db().insert(chatFiles).values({
    userId: manager,
    conversationId: chat.id,
    storageKey: key,
    mimeType: "image/jpeg",
    fileName: "photo.jpg",
    size: 7,
    sha256: "x",
  });
  // An API message's ledger note names the number; an unanswered SMPP submit on the account's own channel holds it.
  await db().execute(sql`update balance_ledger set note = note || ${` (API sms message to ${number})`}
    where id = (select id from balance_ledger where user_id = ${manager} order by created_at desc limit 1)`);
  const [channel] = await rowsOf<{ id: string }>(
    db(),
    sql`insert into carrier_channels (user_id, provider, channel, name, credentials, verify_token)
        values (${manager}, 'smpp', 'sms', 'Erase SMSC', 'sealed', gen_random_uuid()::text) returning id`,
  );
  await db().execute(sql`insert into smpp_unanswered (channel_id, message_id, handset, header, text, parts)
    values (${channel.id}, 'm-erase', ${number.slice(1)}, '', 'Your order is ready', 1)`);
  return { contactId: made.json().data.id as string, campaignId };
}

describe("erasing a person", () => {
  it("leaves no trace of the number in any table, keeps the money and a hashed entry, and tells webhooks without the number", async () => {
    const [balanceBefore] = await rowsOf<{ balance: string }>(
      db(),
      sql`select balance::text as balance from users where id = ${manager}`,
    );
    await createEndpoint(
      db(),
      manager,
      { url: "http://127.0.0.1:9/hook", events: ["contact.updated", "contact.opted_out"] },
      { allowPrivate: true, requireHttps: false },
    );
    const { contactId, campaignId } = await personEverywhere(NUMBER);
    const kept = await personEverywhere(KEPT);
    const before = await traces(DIGITS);
    // The scan finds the person where they were put (it can fail).
    expect(before).toEqual(
      expect.arrayContaining([
        "contacts.number",
        "campaign_recipients.number",
        "consent_events.number",
        "inbound_messages.from_number",
        "conversations.customer_number",
        "chat_messages.text",
        "webhook_deliveries.body",
        "balance_ledger.note",
        "smpp_unanswered.handset",
      ]),
    );

    const res = await erase("manager", contactId, "+91 98450 12377");
    expect(res.statusCode, res.body).toBe(200);
    const touched = Object.fromEntries(
      (res.json().data.tables as { table: string; rows: number }[]).map((t) => [t.table, t.rows]),
    );
    expect(Object.keys(touched)).toEqual(ERASED_TABLES);
    expect(touched).toMatchObject({
      contacts: 1,
      campaign_recipients: 1,
      conversations: 1,
      inbound_messages: 1,
      balance_ledger: 1,
      smpp_unanswered: 1,
      chat_files: 1,
    });
    // The photo's bytes are gone from storage; the other person's stay.
    expect(await s.app.storage.get(`chat-files/erase-${NUMBER.slice(-4)}.jpg`)).toBeNull();
    const keptFile = await s.app.storage.get(`chat-files/erase-${KEPT.slice(-4)}.jpg`);
    expect(keptFile).not.toBeNull();
    keptFile?.destroy();

    expect(await traces(DIGITS)).toEqual([]);
    // The other person is untouched.
    expect(await traces(KEPT.slice(1))).toEqual(expect.arrayContaining(before));
    expect((await call("manager", "GET", `/api/v1/contacts/${kept.contactId}`)).statusCode).toBe(200);

    // The campaign's recipient row stays (its counts and costs), without the number.
    const [recipient] = await rowsOf<{ number: string; variables: string[] | null }>(
      db(),
      sql`select number, variables from campaign_recipients where campaign_id = ${campaignId}`,
    );
    expect(recipient.number).toMatch(/^erased:/);
    expect(recipient.variables).toBeNull();
    const [balanceAfter] = await rowsOf<{ balance: string }>(
      db(),
      sql`select balance::text as balance from users where id = ${manager}`,
    );
    expect(balanceAfter.balance).toBe(balanceBefore.balance);
    const [hashes] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from erased_numbers where user_id = ${manager}`,
    );
    expect(hashes.n).toBe(1);

    const [event] = await rowsOf<{ body: string }>(
      db(),
      sql`select body from webhook_deliveries where user_id = ${manager} and event = 'contact.updated' order by created_at desc limit 1`,
    );
    expect((JSON.parse(event.body) as { data: ContactUpdatedData }).data).toMatchObject({
      action: "deleted",
      source: "erase",
      contactId,
      number: null,
    });
  });

  it("is not messaged or stored again: a campaign skips the number, the public API refuses it, a new contact is refused", async () => {
    const wa = await whatsappSetup(db(), manager, "UTILITY");
    const id = await insertCampaign(db(), {
      ownerId: manager,
      channel: "whatsapp",
      templateId: wa.templateId,
      wabaId: wa.wabaId,
      recipients: 2,
      firstNumber: 0,
    });
    const [first] = await rowsOf<{ id: number }>(
      db(),
      sql`select id from campaign_recipients where campaign_id = ${id} order by id limit 1`,
    );
    await db().execute(sql`update campaign_recipients set number = ${NUMBER} where id = ${first.id}`);
    const check = (await call("manager", "GET", `/api/v1/campaign-control/${id}/check`)).json().data as {
      skipped: { reason: string; count: number }[];
      skippedNumbers: { number: string; reason: string; detail: string | null }[];
      sendable: number;
    };
    expect(check.skipped.find((k) => k.reason === "suppressed")?.count).toBe(1);
    // The sample names it, with why (it is on no list).
    expect(check.skippedNumbers).toEqual([
      expect.objectContaining({ number: NUMBER, reason: "suppressed", detail: CONTACT_MESSAGES.erasedSkip }),
    ]);
    expect(check.sendable).toBe(1);

    // The manager's user sends through the API on its own account: the manager's erasure binds it.
    const userId = await s.id("user");
    await setBalance(db(), userId, "100.00");
    const key = (
      await call("user", "POST", "/api/ums/v1/api-keys", {
        name: "Erase key",
        scopes: ["messages:send", "contacts:manage"],
      })
    ).json().data.key as string;
    const template = (await smsTemplate(db(), userId)).id;
    const sent = await s.app.inject({
      method: "POST",
      url: "/api/public/v1/messages",
      headers: { "x-api-key": key },
      payload: { channel: "sms", to: NUMBER, templateId: template, variables: ["A", "1"] },
    });
    expect(sent.statusCode, sent.body).toBe(422);
    expect(sent.json().code).toBe(PUBLIC_ERRORS.optedOut.code);

    const again = await call("manager", "POST", "/api/v1/contacts", { number: NUMBER });
    expect(again.statusCode).toBe(422);
    const upsert = await s.app.inject({
      method: "POST",
      url: "/api/public/v1/contacts/upsert",
      headers: { "x-api-key": key },
      payload: { contacts: [{ number: NUMBER }] },
    });
    expect(upsert.json().data.results[0]).toMatchObject({ status: "failed" });
    // Only what came after the erase holds the number: the new campaign's own file (skipped, never sent) and the
    // request log's bodies of the refused requests above.
    expect((await traces(DIGITS)).filter((t) => t !== "ums_requests.request_body")).toEqual([
      "campaign_recipients.number",
    ]);
  });

  it.each([
    ["a wrong confirmation", "manager", "+919845012300", 400],
    ["a department head", "depthead", "+919845012399", 403],
  ] as const)("refuses %s and erases nothing", async (_why, as, confirm, status) => {
    const made = await call("manager", "POST", "/api/v1/contacts", { number: "+919845012399" });
    const id = made.json().data?.id as string;
    const res = await erase(as, id, confirm);
    expect(res.statusCode, res.body).toBe(status);
    expect((await call("manager", "GET", `/api/v1/contacts/${id}`)).statusCode).toBe(200);
    await call("manager", "POST", "/api/v1/contacts/remove", { ids: [id] });
  });

  it.each([
    ["manager", true],
    ["user", false],
    ["depthead", false],
  ] as const)("tells the console whether %s may erase (the contacts' owner only)", async (as, may) => {
    const res = await call(as, "GET", "/api/v1/contacts?limit=1");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mayErase).toBe(may);
  });

  it("another account's contact is a 404", async () => {
    const made = await call("manager", "POST", "/api/v1/contacts", { number: "+919845012355" });
    const res = await erase("globex", made.json().data.id as string, "+919845012355");
    expect(res.statusCode).toBe(404);
    expect((await call("manager", "GET", `/api/v1/contacts/${made.json().data.id}`)).statusCode).toBe(200);
  });
});
