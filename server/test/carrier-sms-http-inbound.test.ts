// A chat through an HTTP SMS provider, end to end on the real server against the stand-in: the channel connected with
// an inbound mapping shows its inbound URL; the stand-in's customer writes to the account's reply number → the message
// is in the inbox (a conversation opened), once however often the callback is delivered → an agent answers through the
// API → the stand-in receives the send from that reply number (not the sandbox) → its delivery report moves the
// answer's ticks. Another account's channel cannot post into this account's inbox nor take its number's answers; a
// channel's own reply number (for a callback that does not say the number written to) is its account's inbox address.
// The same holds over SMPP: a customer's deliver_sm to a reply number is answered as submit_sm from it on that bind.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import type { Database } from "../db/client";
import { carrierSmsReplyNumbers, smsAccounts } from "../db/schema";
import { until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const KEY = "hx-inbound-key-0001";
const REPLY_NUMBER = "+919876500001";
const CUSTOMER = "+919812377701";
const GENERIC = {
  url: "",
  auth_header: "Authorization",
  auth_prefix: "Bearer ",
  api_key: KEY,
  body_template: JSON.stringify({ to: "{{to_digits}}", sender: "{{from}}", message: "{{text}}" }),
  message_id_path: "data.message_id",
  dlr_id_path: "message_id",
  dlr_status_path: "status",
  dlr_code_path: "error_code",
  dlr_delivered: "DELIVERED",
  dlr_failed: "UNDELIVERED",
  inbound_from_path: "from",
  inbound_to_path: "to",
  inbound_text_path: "text",
  inbound_id_path: "id",
};

type Conversation = { _id: string; customerNumber: string; unreadCount: number; status: string; channel: string };
type Message = { _id: string; direction: string; text: string; status: string | null };

let database: Database;
let server: CloudServer;
let provider: SmsHttpStandIn;
let intruder: SmsHttpStandIn;
let smsc: Smsc;
const SMSC_USER = { systemId: "inboxsm", password: "Sm5c-inbox" };
const SMPP_REPLY_NUMBER = "+919876500002";
const callback = { apiKey: KEY, callbackUrl: "" };
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  provider = await startSmsHttpStandIn(callback);
  intruder = await startSmsHttpStandIn({ apiKey: KEY, callbackUrl: "" });
  smsc = await startSmsc({ users: [SMSC_USER] });
  server = await cloudServer(database, { jobIntervalMs: 60_000 });
  await db()
    .insert(smsAccounts)
    .values([
      {
        userId: await server.id("manager"),
        name: "Route INBOXA",
        provider: "Acme HTTP",
        senderIds: ["INBOXA"],
        replyNumber: REPLY_NUMBER,
      },
      { userId: await server.id("globex"), name: "Globex route", provider: "Globex HTTP", senderIds: ["GLOBXX"] },
      {
        userId: await server.id("manager"),
        name: "Route INBOXB",
        provider: "Acme SMPP",
        senderIds: ["INBOXB"],
        replyNumber: SMPP_REPLY_NUMBER,
      },
    ]);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await intruder?.close();
  await smsc?.close();
  await database?.close();
});

async function conversations(as: "manager" | "globex"): Promise<Conversation[]> {
  return (await server.call({ method: "GET", url: `/api/v1/chats?limit=50&q=${encodeURIComponent(CUSTOMER)}`, as }))
    .json<{ data: Conversation[] }>()
    .data.filter((c) => c.customerNumber === CUSTOMER);
}
const messages = async (id: string): Promise<Message[]> =>
  (await server.call({ method: "GET", url: `/api/v1/chats/${id}/messages`, as: "manager" })).json<{ data: Message[] }>()
    .data;

describe("a chat through an HTTP SMS provider", () => {
  let channel: CarrierChannelRecord;
  /** The other account's (globex's) channel. */
  let theirs: CarrierChannelRecord;

  it("connects with an inbound mapping; the card's inbound URL is the DLR URL with kind=inbound", async () => {
    const bad = await server.call({
      method: "POST",
      url: "/api/v1/channels/sms-http",
      as: "manager",
      payload: { ...GENERIC, url: provider.url, name: "Acme HTTP", sender_ids: ["INBOXA"], inbound_text_path: "" },
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      [{ field: "inbound_text_path", message: "is needed to receive customers' messages" }],
    ]);
    const res = await server.call({
      method: "POST",
      url: "/api/v1/channels/sms-http",
      as: "manager",
      payload: { ...GENERIC, url: provider.url, name: "Acme HTTP", sender_ids: ["INBOXA"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    channel = res.json().data;
    expect(channel.sms?.http).toMatchObject({
      inbound: { fromPath: "from", toPath: "to", textPath: "text", idPath: "id", number: null },
      inboundUrl: `${channel.webhook.url}&kind=inbound`,
    });
    callback.callbackUrl = channel.webhook.url;
  });

  it("the customer's message opens a conversation, once however often the provider posts it", async () => {
    const inboundUrl = channel.sms?.http?.inboundUrl ?? "";
    const first = await provider.customerWrites(inboundUrl, {
      from: CUSTOMER.slice(1),
      to: REPLY_NUMBER.slice(1),
      text: "Is my order on its way?",
    });
    const again = await provider.customerWrites(inboundUrl, {
      from: CUSTOMER.slice(1),
      to: REPLY_NUMBER.slice(1),
      text: "Is my order on its way?",
      id: first.id,
      format: "form",
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    const [conversation] = await until(
      () => conversations("manager"),
      (c) => c.length === 1,
    );
    expect(conversation).toMatchObject({ channel: "sms", status: "open", unreadCount: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect((await messages(conversation._id)).map((m) => [m.direction, m.text])).toEqual([
      ["in", "Is my order on its way?"],
    ]);
    const [route] = await db()
      .select()
      .from(carrierSmsReplyNumbers)
      .where(eq(carrierSmsReplyNumbers.number, REPLY_NUMBER));
    expect(route).toMatchObject({ channelId: channel._id, userId: await server.id("manager") });
  });

  it("the agent's answer goes out through the provider from the reply number, and its delivery report moves the ticks", async () => {
    const [conversation] = await conversations("manager");
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${conversation._id}/messages`,
      as: "manager",
      payload: { clientId: "answer-1", messageType: "text", text: "It arrives today." },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const posted = await until(
      async () => provider.received.filter((r) => r.body.message === "It arrives today."),
      (r) => r.length === 1,
    );
    expect(posted[0].body).toEqual({ to: CUSTOMER.slice(1), sender: REPLY_NUMBER, message: "It arrives today." });
    const answer = await until(
      async () => (await messages(conversation._id)).find((m) => m.text === "It arrives today."),
      (m) => m?.status === "delivered",
    );
    expect(answer).toMatchObject({ direction: "out", status: "delivered" });
  });

  it("another account's channel cannot post into this inbox, nor take the reply number's answers", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/v1/channels/sms-http",
      as: "globex",
      payload: { ...GENERIC, url: intruder.url, name: "Globex HTTP", sender_ids: ["GLOBXX"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    theirs = res.json().data;
    const forged = await intruder.customerWrites(theirs.sms?.http?.inboundUrl ?? "", {
      from: CUSTOMER.slice(1),
      to: REPLY_NUMBER.slice(1),
      text: "forged through another account",
    });
    expect(forged.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const [conversation] = await conversations("manager");
    expect((await messages(conversation._id)).map((m) => m.text)).not.toContain("forged through another account");
    expect(await conversations("globex")).toEqual([]);
    const [route] = await db()
      .select()
      .from(carrierSmsReplyNumbers)
      .where(eq(carrierSmsReplyNumbers.number, REPLY_NUMBER));
    expect(route.channelId).toBe(channel._id);
  });

  it("a channel's reply number stands for a callback without one: refused when another account's, else an inbox address answered through it", async () => {
    const { api_key: _key, ...edit } = {
      ...GENERIC,
      url: intruder.url,
      name: "Globex HTTP",
      sender_ids: ["GLOBXX"],
      inbound_to_path: "",
    };
    const taken = await server.call({
      method: "PUT",
      url: `/api/v1/channels/sms-http/${theirs._id}`,
      as: "globex",
      payload: { ...edit, inbound_number: REPLY_NUMBER },
    });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      `${REPLY_NUMBER} is another account's number: it cannot receive this account's customers' messages`,
    ]);
    const own = await server.call({
      method: "PUT",
      url: `/api/v1/channels/sms-http/${theirs._id}`,
      as: "globex",
      payload: { ...edit, inbound_number: "919876500099" },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.sms.http.inbound).toEqual({
      fromPath: "from",
      toPath: null,
      textPath: "text",
      idPath: "id",
      number: "+919876500099",
    });

    const wrote = await intruder.customerWrites(theirs.sms?.http?.inboundUrl ?? "", {
      from: CUSTOMER.slice(1),
      to: "ignored",
      text: "Hello Globex",
    });
    expect(wrote.status).toBe(200);
    const [conversation] = await until(
      () => conversations("globex"),
      (c) => c.length === 1,
    );
    expect(conversation).toMatchObject({ channel: "sms", unreadCount: 1 });
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${conversation._id}/messages`,
      as: "globex",
      payload: { clientId: "globex-1", messageType: "text", text: "Hello from Globex." },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const posted = await until(
      async () => intruder.received.filter((r) => r.body.message === "Hello from Globex."),
      (r) => r.length === 1,
    );
    expect(posted[0].body).toEqual({ to: CUSTOMER.slice(1), sender: "+919876500099", message: "Hello from Globex." });
  });
});

describe("a chat through an SMPP provider at a reply number", () => {
  it("the customer's deliver_sm to the reply number opens a conversation; the answer goes back on that bind from the number", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/v1/channels/smpp",
      as: "manager",
      payload: {
        name: "Acme SMPP",
        sender_ids: ["INBOXB"],
        host: "127.0.0.1",
        port: smsc.port,
        system_id: SMSC_USER.systemId,
        password: SMSC_USER.password,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const channel: CarrierChannelRecord = res.json().data;
    // Its transceiver bound (the SMSC hands customers' messages only to one), as the server binds every SMPP channel at
    // start.
    const tested = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${channel._id}/test`,
      as: "manager",
    });
    expect(tested.statusCode, tested.body).toBe(200);
    const customer = "+919812377702";
    smsc.customerWrites({
      systemId: SMSC_USER.systemId,
      from: customer.slice(1),
      to: SMPP_REPLY_NUMBER.slice(1),
      text: "Over SMPP: where is my order?",
    });
    const found = async () =>
      (
        await server.call({
          method: "GET",
          url: `/api/v1/chats?limit=50&q=${encodeURIComponent(customer)}`,
          as: "manager",
        })
      )
        .json<{ data: Conversation[] }>()
        .data.filter((c) => c.customerNumber === customer);
    const [conversation] = await until(found, (c) => c.length === 1);
    const [route] = await until(
      () => db().select().from(carrierSmsReplyNumbers).where(eq(carrierSmsReplyNumbers.number, SMPP_REPLY_NUMBER)),
      (r) => r.length === 1,
    );
    expect(route.channelId).toBe(channel._id);
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${conversation._id}/messages`,
      as: "manager",
      payload: { clientId: "smpp-1", messageType: "text", text: "It ships tomorrow." },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const submitted = await until(
      async () => smsc.submitted.filter((m) => m.to === customer.slice(1)),
      (m) => m.length === 1,
    );
    expect(submitted.map((m) => ({ from: m.from, text: m.text }))).toEqual([
      { from: SMPP_REPLY_NUMBER.slice(1), text: "It ships tomorrow." },
    ]);
  });
});
