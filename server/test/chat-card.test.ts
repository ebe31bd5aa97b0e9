// The customer's card and one timeline (issue 40 item 7): the card names the contact (an agent without the email,
// nobody else's conversation), consent per channel from the ledger; the timeline merges the number's campaign, API
// and chat messages and notes across the account's channels, newest first, the same rows whatever the page size,
// nothing of another number or another account, and nothing once the number is erased.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { erasedHash } from "../services/contacts/erased";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { at, insertApiMessages } from "./message-log-fixtures";

let server: TestServer;
let manager = "";
let globex = "";
const NUMBER = "+919900077001";
const OTHER = "+919900077002";
const ERASED = "+919900077003";
const ids: Record<"wa" | "sms" | "assigned" | "bare" | "erased", string> = {
  wa: "",
  sms: "",
  assigned: "",
  bare: "",
  erased: "",
};
const db = () => server.database.db;

async function conversation(owner: string, channel: string, number: string, name: string | null, agent?: string) {
  const [row] = await rowsOf<{ id: string }>(
    db(),
    sql`insert into conversations (user_id, channel, customer_number, customer_name, business_address, assigned_agent_id)
      values (${owner}, ${channel}, ${number}, ${name}, ${`card-${channel}`}, ${agent ?? null}) returning id::text as id`,
  );
  return row!.id;
}

async function message(id: string, owner: string, direction: "in" | "out" | "note", text: string, minute: number) {
  await db().execute(sql`insert into chat_messages (conversation_id, user_id, direction, text, status, created_at)
    values (${id}, ${owner}, ${direction}, ${text}, ${direction === "out" ? "delivered" : null}, ${at(minute)})`);
}

beforeAll(async () => {
  server = await startServer();
  manager = await server.id("manager");
  globex = await server.id("globex");
  ids.wa = await conversation(manager, "whatsapp", NUMBER, "Kiran (file)");
  ids.sms = await conversation(manager, "sms", NUMBER, null);
  const [other] = await rowsOf<{ id: string }>(
    db(),
    sql`insert into live_agents (owner_id, name, email, status) values (${manager}, 'Card Other', 'card-other@example.com', 'active') returning id::text as id`,
  );
  ids.assigned = await conversation(manager, "rcs", NUMBER, null, other!.id);
  ids.bare = await conversation(manager, "whatsapp", OTHER, "Only a file name");
  ids.erased = await conversation(manager, "sms", ERASED, null);
  await message(ids.wa, manager, "in", "Where is my order?", 0);
  await message(ids.wa, manager, "out", "Let me check", 2);
  await message(ids.wa, manager, "note", "Order 42 is late", 3);
  await message(ids.sms, manager, "in", "Thanks", 5);
  await message(ids.sms, manager, "out", "Welcome", 6);
  await message(ids.bare, manager, "in", "Another number", 4);
  await message(ids.erased, manager, "in", "Forget me", 4);
  const campaign = await insertCampaign(db(), { userId: manager, channel: "whatsapp", name: "Diwali offer" });
  await insertRecipients(db(), campaign, manager, [
    { number: NUMBER, state: "delivered", sentAt: at(1), deliveredAt: at(1) },
    { number: OTHER, state: "sent", sentAt: at(1) },
  ]);
  // The same instant as the SMS reply: the log's order puts the campaign kind before the chat kind.
  const second = await insertCampaign(db(), { userId: manager, channel: "whatsapp", name: "Reminder" });
  await insertRecipients(db(), second, manager, [{ number: NUMBER, state: "sent", sentAt: at(6) }]);
  await insertApiMessages(db(), manager, [{ to: NUMBER, state: "sent", createdAt: at(4) }]);
  // Another account's rows for the same number: never on this account's timeline.
  await insertApiMessages(db(), globex, [{ to: NUMBER, state: "sent", createdAt: at(5) }]);
  await message(await conversation(globex, "whatsapp", NUMBER, null), globex, "in", "Globex chat", 7);
  // Defined Plan first, then Orders: the card keeps the definitions' order (not the keys' alphabet).
  await db().execute(sql`insert into contact_attribute_defs (user_id, key, label, type, created_at)
    values (${manager}, 'card_plan', 'Plan', 'text', ${at(-10)}), (${manager}, 'card_orders', 'Orders', 'number', ${at(-9)})`);
  await db().execute(sql`insert into contacts (user_id, number, name, email, language, attributes, source)
    values (${manager}, ${NUMBER}, 'Kiran Rao', 'kiran@example.com', 'hi', ${JSON.stringify({ card_plan: "Gold", card_orders: 3 })}::jsonb, 'api')`);
  await db()
    .execute(sql`insert into consent_events (user_id, number, channel, purpose, status, method, proof, created_at)
    values (${manager}, ${NUMBER}, 'whatsapp', 'marketing', 'opted_in', 'form', 'signup form', ${at(-100)}),
           (${manager}, ${NUMBER}, 'sms', 'any', 'opted_out', 'agent', 'asked on the phone', ${at(-50)})`);
  await db().execute(
    sql`insert into erased_numbers (user_id, hash) values (${manager}, ${await erasedHash(db(), ERASED)})`,
  );
});
afterAll(async () => server?.close());

const get = (as: DemoName, url: string) => server.call({ method: "GET", url, as });

interface Card {
  contactId: string | null;
  name: string;
  email: string | null;
  language: string;
  attributes: { key: string; label: string; value: unknown }[];
  editable: boolean;
  consent: { states: { channel: string; purpose: string; status: string; method: string }[] };
}

describe("the customer card", () => {
  it("names the contact with its attributes and consent for the owner, who may edit it", async () => {
    const res = await get("manager", `/api/v1/chats/${ids.wa}/card`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().data as Card;
    expect(card.contactId).toMatch(/^[0-9a-f-]{36}$/);
    expect([card.name, card.email, card.language, card.editable]).toEqual([
      "Kiran Rao",
      "kiran@example.com",
      "hi",
      true,
    ]);
    expect(card.attributes.map((a) => [a.label, a.value])).toEqual([
      ["Plan", "Gold"],
      ["Orders", 3],
    ]);
    expect(card.consent.states.map((s) => [s.channel, s.purpose, s.status, s.method]).sort()).toEqual([
      ["sms", "any", "opted_out", "agent"],
      ["whatsapp", "marketing", "opted_in", "form"],
    ]);
  });

  it("shows a live agent what answering needs: no email, no editing", async () => {
    const res = await get("agent", `/api/v1/chats/${ids.wa}/card`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().data as Card;
    expect([card.name, card.email, card.editable, card.attributes.length]).toEqual(["Kiran Rao", null, false, 2]);
  });

  it("falls back to the audience file's name when no contact is saved", async () => {
    const card = (await get("manager", `/api/v1/chats/${ids.bare}/card`)).json().data as Card;
    expect([card.contactId, card.name, card.attributes, card.consent.states]).toEqual([
      null,
      "Only a file name",
      [],
      [],
    ]);
  });

  it.each([
    ["globex", "wa", "another account"],
    ["agent", "assigned", "a teammate's conversation"],
  ] as const)("answers 404 to %s on %s (%s), for the card and the timeline", async (as, which, _why) => {
    for (const path of ["card", "timeline"]) {
      const res = await get(as, `/api/v1/chats/${ids[which]}/${path}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
    }
  });
});

interface Item {
  _id: string;
  kind: string;
  channel: string;
  direction: string;
  text: string;
  status: string | null;
  campaignName: string | null;
  at: string;
}

async function page(as: DemoName, id: string, limit: number, cursor?: string) {
  const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  const res = await get(as, `/api/v1/chats/${id}/timeline?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; nextCursor: string | null };
}

async function walk(id: string, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const p = await page("manager", id, limit, cursor);
    out.push(...p.data);
    if (!p.nextCursor) return out;
    cursor = p.nextCursor;
  }
  throw new Error("the timeline did not end");
}

describe("one timeline", () => {
  const EXPECTED = [
    ["campaign", "whatsapp", "out", "sent", "Reminder"],
    ["chat", "sms", "out", "delivered", "Welcome"],
    ["chat", "sms", "in", null, "Thanks"],
    ["api", "whatsapp", "out", "sent", "Hello API"],
    ["chat", "whatsapp", "note", null, "Order 42 is late"],
    ["chat", "whatsapp", "out", "delivered", "Let me check"],
    ["campaign", "whatsapp", "out", "delivered", "Diwali offer"],
    ["chat", "whatsapp", "in", null, "Where is my order?"],
  ];
  const shape = (i: Item) => [i.kind, i.channel, i.direction, i.status, i.campaignName ?? i.text];

  it.each([50, 3, 1])("merges every kind and channel of the number newest first, in pages of %i", async (limit) => {
    const items = await walk(ids.wa, limit);
    expect(items.map(shape)).toEqual(EXPECTED);
    expect(new Set(items.map((i) => i._id)).size).toBe(items.length);
    // From the SMS conversation too: the timeline is the number's, not the thread's.
    expect((await walk(ids.sms, 4)).map(shape)).toEqual(EXPECTED);
  });

  it("reads the first page with a cursor to the next", async () => {
    const first = await page("manager", ids.wa, 2);
    expect(first.data.map(shape)).toEqual(EXPECTED.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const agent = await page("agent", ids.wa, 50);
    expect(agent.data.length).toBe(EXPECTED.length);
  });

  it("refuses a cursor it did not write, and an erased number shows nothing", async () => {
    const bad = await get("manager", `/api/v1/chats/${ids.wa}/timeline?cursor=bm90LWEtY3Vyc29y`);
    expect(bad.statusCode).toBe(400);
    expect((await page("manager", ids.erased, 50)).data).toEqual([]);
  });
});
