// Events reach endpoints from where the state changes: a campaign's start and end (campaign.status), its messages'
// send outcomes, receipts and replies (message.status, source campaign), a customer's message to the inbox
// (message.inbound), the receipts of an agent's reply (message.status, source conversation) and a public-API
// message's states (message.status, source api). Real dispatcher, sandbox carrier with fast receipts, a real HTTP
// receiver.
import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CampaignStatusData,
  InboundMessageData,
  MessageStatusData,
  WebhookEnvelope,
} from "../../contract/domain/webhooks";
import { webhookConfigFromEnv } from "../config";
import type { Database } from "../db/client";
import { transition } from "../services/campaigns/status";
import { createEndpoint } from "../services/webhooks/endpoints";
import { wabaPhoneNumbers, wabas } from "../db/schema";
import {
  dispatchServer,
  insertCampaign,
  setBalance,
  smsTemplate,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { startReceiver, verifySignature, type Receiver } from "./webhook-receiver";

let database: Database;
let server: DispatchServer;
let receiver: Receiver;
beforeAll(async () => {
  database = await freshDatabase();
  // The receiver listens on 127.0.0.1: private targets are allowed explicitly (WEBHOOK_ALLOW_PRIVATE, off by default).
  server = await dispatchServer(database, {
    config: { webhooks: { ...webhookConfigFromEnv({}), allowPrivate: true } },
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  await receiver?.close();
});

const POLICY = { allowPrivate: true, requireHttps: false };
const events = () =>
  receiver.received.map((r) => ({ ...(JSON.parse(r.body) as WebhookEnvelope), headers: r.headers, raw: r.body }));
const ofType = <E extends WebhookEnvelope["type"]>(type: E) =>
  events().filter((e) => e.type === type) as (WebhookEnvelope<E> & { headers: IncomingHttpHeaders; raw: string })[];

async function inject(as: DemoName, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) {
  return server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await server.token(as)}` } });
}

describe("webhook events", () => {
  it("a campaign's start, its messages' outcomes, receipts and replies, and its end", async () => {
    const userId = await server.id("user");
    await setBalance(database.db, userId, "10000.00");
    const { record, secret } = await createEndpoint(
      database.db,
      userId,
      { url: receiver.url, events: ["message.status", "campaign.status"] },
      POLICY,
    );
    const template = await whatsappTemplate(database.db, userId);
    // Always delivered, always replies (delivered, read, replied), not on WhatsApp (refused at submit), always fails.
    const numbers = ["+919000000000", "+919000000060", "+919000000010", "+919000000040"];
    const id = await insertCampaign(database.db, {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers,
      holdPaise: 1000,
      status: "paused",
    });
    await transition(database.db, id, "running", { statusReason: null }, ["paused"]);

    const last = (to: string) =>
      ofType("message.status")
        .filter((e) => e.data.to === to)
        .at(-1)?.data.status;
    await until(
      async () => [
        last(numbers[0]),
        last(numbers[1]),
        last(numbers[2]),
        last(numbers[3]),
        ofType("campaign.status").at(-1)?.data.status,
      ],
      (v) => v.join() === "delivered,replied,failed,failed,completed",
    );

    const campaign = ofType("campaign.status").map((e) => e.data);
    expect(campaign.map((c) => [c.previousStatus, c.status])).toEqual([
      ["paused", "running"],
      ["running", "completed"],
    ]);
    expect(campaign[0]).toMatchObject<Partial<CampaignStatusData>>({ campaignId: id, channel: "whatsapp" });

    const statuses = ofType("message.status").map((e) => e.data);
    const of = (to: string) => statuses.filter((s) => s.to === to);
    for (const s of statuses)
      expect(s).toMatchObject<Partial<MessageStatusData>>({ source: "campaign", campaignId: id, channel: "whatsapp" });
    // Each message's events follow its states in order; the first is the send's outcome.
    const rank = ["sent", "delivered", "read", "replied", "failed"];
    for (const n of [numbers[0], numbers[1]]) {
      const seen = of(n).map((s) => s.status);
      expect(seen[0]).toBe("sent");
      expect([...seen].sort((a, b) => rank.indexOf(a) - rank.indexOf(b))).toEqual(seen);
      expect(new Set(seen).size).toBe(seen.length);
    }
    expect(of(numbers[0]).map((s) => s.status)).toEqual(["sent", "delivered"]);
    expect(of(numbers[2])).toEqual([
      expect.objectContaining({ status: "failed", error: { code: "131026", reason: expect.any(String) } }),
    ]);
    expect(of(numbers[3]).map((s) => s.status)).toEqual(["sent", "failed"]);
    expect(of(numbers[3])[1].error?.code).toBeTruthy();
    // One endpoint, every delivery signed with its secret and its own id.
    const all = events();
    expect(all.every((e) => verifySignature(secret, e.headers, e.raw))).toBe(true);
    expect(new Set(all.map((e) => e.headers["x-webhook-id"])).size).toBe(all.length);
    expect(record.events).toEqual(["message.status", "campaign.status"]);
  });

  it("a customer's message to the inbox and the receipts of the reply", async () => {
    const ownerId = await server.id("manager");
    await createEndpoint(
      database.db,
      ownerId,
      { url: receiver.url, events: ["message.inbound", "message.status"] },
      POLICY,
    );
    const addresses = (await inject("manager", "GET", "/api/v1/sandbox/phone/addresses")).json().data as {
      channel: string;
      address: string;
    }[];
    const wa = addresses.find((a) => a.channel === "whatsapp");
    expect(wa).toBeDefined();
    const customer = "+919000000001"; // always delivered
    const sent = await inject("manager", "POST", "/api/v1/sandbox/phone/messages", {
      channel: "whatsapp",
      address: wa?.address,
      number: customer,
      text: "Is my order shipped?",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [inbound] = await until(
      async () => ofType("message.inbound").filter((e) => e.data.from === customer),
      (v) => v.length > 0,
    );
    expect(inbound.data).toMatchObject<Partial<InboundMessageData>>({
      channel: "whatsapp",
      from: customer,
      to: wa?.address,
      text: "Is my order shipped?",
    });

    const reply = await inject("manager", "POST", `/api/v1/chats/${inbound.data.conversationId}/messages`, {
      clientId: "wh-1",
      messageType: "text",
      text: "Yes, today.",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const receipts = await until(
      async () => ofType("message.status").filter((e) => e.data.source === "conversation" && e.data.to === customer),
      (v) => v.at(-1)?.data.status === "delivered",
    );
    expect(receipts.map((e) => e.data.status)).toEqual(["sent", "delivered"]);
    expect(receipts[0].data).toMatchObject({ conversationId: inbound.data.conversationId, channel: "whatsapp" });
  });

  it("a public-API message's states: sent, then delivered or failed; a step that falls back is not failed", async () => {
    const ownerId = await server.id("reseller");
    await setBalance(database.db, ownerId, "1000.00");
    const { secret } = await createEndpoint(
      database.db,
      ownerId,
      { url: receiver.url, events: ["message.status"] },
      POLICY,
    );
    const keyRes = await inject("reseller", "POST", "/api/ums/v1/api-keys", {
      name: "Webhook events",
      scopes: ["messages:send"],
    });
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    const key = (keyRes.json() as { data: { key: string } }).data.key;
    const sms = await smsTemplate(database.db, ownerId);
    const template = await whatsappTemplate(database.db, ownerId);
    const [waba] = await database.db
      .insert(wabas)
      .values({ userId: ownerId, wabaId: "waba-dispatch", name: "Webhook WABA" })
      .returning({ id: wabas.id });
    await database.db.insert(wabaPhoneNumbers).values({
      wabaId: waba.id,
      phoneNumberId: "pn-webhook-events",
      displayPhoneNumber: "+91 98765 00001",
      verifiedName: "Webhook",
    });
    const send = async (payload: Record<string, unknown>) => {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/public/v1/messages",
        headers: { "x-api-key": key },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { data: { id: string } }).data.id;
    };
    const smsTo = (to: string) => ({ channel: "sms", templateId: sms.id, variables: ["Asha", "4711"], to });
    // Always delivered; always fails; not on WhatsApp (refused at submit), so its SMS fallback goes and is delivered.
    const delivered = await send({ ...smsTo("9000000002"), reference: "order-1" });
    const failed = await send(smsTo("9000000042"));
    const fellBack = await send({
      channel: "whatsapp",
      to: "9000000012",
      templateId: template.id,
      variables: ["Asha"],
      fallback: [{ channel: "sms", templateId: sms.id, variables: ["Asha", "1"] }],
    });

    const api = () => ofType("message.status").filter((e) => e.data.source === "api");
    const of = (id: string) =>
      api()
        .filter((e) => e.data.messageId === id)
        .map((e) => e.data);
    await until(
      async () => [of(delivered).at(-1)?.status, of(failed).at(-1)?.status, of(fellBack).at(-1)?.status],
      (v) => v.join() === "delivered,failed,delivered",
    );
    expect(of(delivered)).toEqual([
      {
        source: "api",
        messageId: delivered,
        channel: "sms",
        to: "+919000000002",
        status: "sent",
        reference: "order-1",
        at: expect.any(String),
      },
      {
        source: "api",
        messageId: delivered,
        channel: "sms",
        to: "+919000000002",
        status: "delivered",
        reference: "order-1",
        at: expect.any(String),
      },
    ]);
    expect(of(failed).map((s) => s.status)).toEqual(["sent", "failed"]);
    expect(of(failed)[1].error).toEqual({ code: expect.any(String), reason: expect.any(String) });
    // The WhatsApp step's refusal is no state of the message (it went on by SMS): only the SMS step's states.
    expect(of(fellBack).map((s) => `${s.status}:${s.channel}`)).toEqual(["sent:sms", "delivered:sms"]);
    // Each state once, signed with the endpoint's secret.
    const all = api().filter((e) => [delivered, failed, fellBack].includes(e.data.messageId));
    expect(all).toHaveLength(6);
    expect(all.every((e) => verifySignature(secret, e.headers, e.raw))).toBe(true);
  });
});
