// Public-API messages over the SMS providers, whose receipts carry only the provider's id: SMPP (the `smpp` package's
// own server mode as the SMSC) and a generic HTTP provider (its stand-in) answer with each of SMPP 3.4's message
// states, and each message settles as that state means (delivered, failed, or still sent), with its message.status
// webhooks; a receipt that comes before the send's outcome is written waits for it; a receipt taken by another
// process's bind settles a message that process did not send, one webhook delivery per state; a receipt that never
// finds its message is given up and logged.
import { Writable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import type { MessageStatusData, WebhookEnvelope } from "../../contract/domain/webhooks";
import type { CarrierEvent } from "../carriers/carrier";
import { startSmsc, type ReceiptState, type Smsc } from "../carriers/smpp/stand-in";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import type { Database } from "../db/client";
import { apiMessages, campaignRecipients, smsAccounts, smsTemplates, webhookDeliveries } from "../db/schema";
import { startPublicReceipts } from "../services/public-api/receipts";
import { PublicMessageEvents } from "../services/public-api/state-events";
import { createEndpoint } from "../services/webhooks/endpoints";
import { fastSandbox, insertCampaign, setBalance, until, whatsappTemplate } from "./campaign-fixtures";
import { demoSessions, freshDatabase, startPeer } from "./harness";
import { startReceiver, verifySignature, type Receiver } from "./webhook-receiver";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const SMSC_USER = { systemId: "udaysmpp", password: "Sm5c-pw7" };
const HTTP_KEY = "hx-live-key-0002-uday";
const ENTITY = "1201159100000012345";

let database: Database;
let server: CloudServer;
let smsc: Smsc;
let provider: SmsHttpStandIn;
let receiver: Receiver;
let secret: string;
let key: string;
let smppChannel: CarrierChannelRecord;
const callback = { apiKey: HTTP_KEY, callbackUrl: "" };
const templates: Record<"smpp" | "http", string> = { smpp: "", http: "" };
const db = () => database.db;

/** An SMS account of the user's with one header and a DLT template on it; answers the template's id. */
async function smsAccount(userId: string, header: string): Promise<string> {
  const [account] = await db()
    .insert(smsAccounts)
    .values({
      userId,
      name: `Route ${header}`,
      provider: "Sandbox · transactional route",
      senderIds: [header],
      dltEntityId: ENTITY,
    })
    .returning({ id: smsAccounts.id });
  const [t] = await db()
    .insert(smsTemplates)
    .values({
      smsAccountId: account.id,
      name: `otp_${header.toLowerCase()}`,
      body: "Dear {#var#}, your code is {#var#}. - UDAY",
      category: "transactional",
      senderId: header,
      dltTemplateId: "1107000000000002",
    })
    .returning({ id: smsTemplates.id });
  return t.id;
}

async function connect(url: string, payload: Record<string, unknown>): Promise<CarrierChannelRecord> {
  const res = await server.call({ method: "POST", url, as: "user", payload });
  if (res.statusCode !== 201) throw new Error(`connect failed: ${res.body}`);
  return res.json().data as CarrierChannelRecord;
}

const sendBatch = async (messages: Record<string, unknown>[]): Promise<string[]> => {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/public/v1/messages/batch",
    headers: { "x-api-key": key },
    payload: { messages },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { messages: { id: string }[] }).messages.map((m) => m.id);
};
const smsTo = (route: "smpp" | "http", to: string) => ({
  channel: "sms",
  to,
  templateId: templates[route],
  variables: ["Uday", "4711"],
});
const states = async (ids: string[]) => {
  const rows = await db()
    .select({ id: apiMessages.id, state: apiMessages.state, code: apiMessages.code })
    .from(apiMessages)
    .where(sql`${apiMessages.id} = any(${`{${ids.join(",")}}`}::uuid[])`);
  return ids.map((id) => rows.find((r) => r.id === id));
};
const statusEvents = () =>
  receiver.received
    .map((r) => ({
      envelope: JSON.parse(r.body) as WebhookEnvelope<"message.status">,
      ok: verifySignature(secret, r.headers, r.body),
    }))
    .filter((e) => e.envelope.type === "message.status");
const heard = (id: string): MessageStatusData[] =>
  statusEvents()
    .filter((e) => e.envelope.data.messageId === id)
    .map((e) => e.envelope.data);

beforeAll(async () => {
  database = await freshDatabase();
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20 } });
  provider = await startSmsHttpStandIn(callback);
  receiver = await startReceiver();
  server = await cloudServer(database, { dispatch: { perSecond: { sms: 1000, whatsapp: 1000, rcs: 1000 } } });
  const userId = await server.id("user");
  await setBalance(db(), userId, "1000.00");
  templates.smpp = await smsAccount(userId, "UDAYSM");
  templates.http = await smsAccount(userId, "UDAYHT");
  smppChannel = await connect("/api/v1/channels/smpp", {
    name: "Uday SMPP",
    sender_ids: ["UDAYSM"],
    host: "127.0.0.1",
    port: smsc.port,
    system_id: SMSC_USER.systemId,
    password: SMSC_USER.password,
    dlt_entity_id: ENTITY,
  });
  const http = await connect("/api/v1/channels/sms-http", {
    name: "Uday HTTP",
    sender_ids: ["UDAYHT"],
    url: provider.url,
    auth_header: "Authorization",
    auth_prefix: "Bearer ",
    api_key: HTTP_KEY,
    body_template: '{"to": "{{to_digits}}", "sender": "{{from}}", "message": "{{text}}", "pe_id": "{{entity_id}}"}',
    message_id_path: "data.message_id",
    dlr_id_path: "message_id",
    dlr_status_path: "status",
    dlr_code_path: "error_code",
    dlr_delivered: "DELIVERED, DELIVRD",
    dlr_failed: "UNDELIVERED, UNDELIV, FAILED, REJECTED, REJECTD, EXPIRED",
    dlt_entity_id: ENTITY,
  });
  callback.callbackUrl = http.webhook.url;
  ({ secret } = await createEndpoint(
    db(),
    userId,
    { url: receiver.url, events: ["message.status"] },
    { allowPrivate: true, requireHttps: false },
  ));
  const keyRes = await server.call({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    as: "user",
    payload: { name: "SMS receipts", scopes: ["messages:send"] },
  });
  key = (keyRes.json() as { data: { key: string } }).data.key;
  // Beside the usual server, two providers connected (a bind and an unbind at the SMSC): more than a minute when the
  // shared machine is at a load average of 30.
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smsc?.close();
  await provider?.close();
  await receiver?.close();
  await database?.close();
});

/**
 * SMPP 3.4 §5.2.28's final states, and ACCEPTD ("read on behalf of the subscriber by customer service"): not delivered
 * to the handset, so the message stays sent.
 */
const SMPP_CASES: [ReceiptState, "delivered" | "failed" | "sent"][] = [
  ["DELIVRD", "delivered"],
  ["UNDELIV", "failed"],
  ["EXPIRED", "failed"],
  ["REJECTD", "failed"],
  ["DELETED", "failed"],
  ["UNKNOWN", "failed"],
  ["ACCEPTD", "sent"],
];
/** The HTTP channel's lists decide: a word it does not list (ACCEPTED) changes nothing. */
const HTTP_CASES: [string, "delivered" | "failed" | "sent"][] = [
  ["DELIVERED", "delivered"],
  ["UNDELIVERED", "failed"],
  ["EXPIRED", "failed"],
  ["REJECTD", "failed"],
  ["ACCEPTED", "sent"],
];

describe("SMS receipts settle public-API messages", () => {
  it("by the provider's id: each state as SMPP 3.4 means it, over SMPP and over HTTP, with its webhooks", async () => {
    const smppNumbers = SMPP_CASES.map((_, i) => `98700000${String(10 + i)}`);
    const httpNumbers = HTTP_CASES.map((_, i) => `98700000${String(30 + i)}`);
    SMPP_CASES.forEach(([stat], i) => smsc.behaviour.receiptStates.set(`91${smppNumbers[i]}`, stat));
    HTTP_CASES.forEach(([status], i) =>
      provider.behaviour.reports.set(`91${httpNumbers[i]}`, { status, code: status === "DELIVERED" ? null : "E42" }),
    );
    const ids = await sendBatch([
      ...smppNumbers.map((n) => smsTo("smpp", n)),
      ...httpNumbers.map((n) => smsTo("http", n)),
    ]);
    const expected = [...SMPP_CASES, ...HTTP_CASES].map(([, state]) => state);
    const settled = (rows: Awaited<ReturnType<typeof states>>) =>
      rows.every((r, i) => r?.state === expected[i] && (expected[i] !== "sent" || heard(ids[i]).length === 1));
    const rows = await until(() => states(ids), settled);
    expect(rows.map((r) => r?.state)).toEqual(expected);
    // Every receipt reached the adapter (the SMSC's deliver_sm each answered); the ACCEPTD and ACCEPTED ones moved
    // nothing.
    await until(
      async () => smsc.deliverAnswers.length,
      (n) => n >= SMPP_CASES.length,
    );
    expect(smsc.deliverAnswers.every((s) => s === 0)).toBe(true);
    // A failure keeps the provider's word: the SMSC's stat, the HTTP provider's error code.
    expect(rows[SMPP_CASES.findIndex(([s]) => s === "EXPIRED")]?.code).toBe("EXPIRED");
    expect(rows[SMPP_CASES.length + 1]?.code).toBe("E42");
    // Webhooks: sent, then the final state, each once and signed.
    await until(
      async () => ids.map((id) => heard(id).length),
      (n) => n.every((c, i) => c === (expected[i] === "sent" ? 1 : 2)),
    );
    ids.forEach((id, i) => {
      const told = heard(id);
      expect(
        told.map((e) => e.status),
        expected[i],
      ).toEqual(expected[i] === "sent" ? ["sent"] : ["sent", expected[i]]);
      expect(told[0]).toMatchObject({ source: "api", channel: "sms" });
      if (expected[i] === "failed") expect(told[1].error?.code).toBeTruthy();
    });
    expect(statusEvents().every((e) => e.ok)).toBe(true);
  }, 60_000);

  it("a receipt that comes before the send's outcome is written waits for it", async () => {
    // The batch's outcomes are written when its slowest send is answered: the first number's receipt comes long before.
    const early = "9870000050";
    const slow = "9870000051";
    smsc.behaviour.answerAfterMs.set(`91${slow}`, 1500);
    const ids = await sendBatch([smsTo("smpp", early), smsTo("smpp", slow)]);
    await until(
      async () => smsc.deliverAnswers.length,
      (n) => n >= SMPP_CASES.length + 1,
    );
    // The receipt was taken while the message was not yet `sent` with the SMSC's id.
    const [whileSending] = await states([ids[0]]);
    expect(whileSending?.state).toBe("sending");
    const rows = await until(
      () => states(ids),
      (r) => r.every((m) => m?.state === "delivered"),
    );
    expect(rows.map((r) => r?.state)).toEqual(["delivered", "delivered"]);
  });
});

describe("across processes", () => {
  it("a receipt taken by another process's bind settles a message it did not send: one delivery per state", async () => {
    // This process (the test server) binds first (a connection test is made on the channel's own bind); the peer binds
    // second, so the SMSC gives this bind the receipts.
    const test = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${smppChannel._id}/test`,
      as: "user",
    });
    expect(test.json().data).toMatchObject({ ok: true });
    const peer = await startPeer({ database }, { publicUrl: server.origin });
    await peer.ready();
    try {
      // Only the peer sends from now on.
      await server.app.jobs.get("public-api-dispatch")?.stop();
      const { login } = demoSessions(peer);
      const keyRes = await peer.inject({
        method: "POST",
        url: "/api/ums/v1/api-keys",
        headers: { authorization: `Bearer ${(await login("user")).token}` },
        payload: { name: "Peer", scopes: ["messages:send"] },
      });
      const peerKey = (keyRes.json() as { data: { key: string } }).data.key;
      // Which process's carrier hears the SMSC's receipts.
      const heardBy = { server: 0, peer: 0 };
      const count = (who: keyof typeof heardBy) => (e: CarrierEvent) => {
        if (e.type === "receipt" && e.messageId === undefined) heardBy[who]++;
      };
      const offs = [server.app.carrier.onEvent(count("server")), peer.carrier.onEvent(count("peer"))];
      const numbers = ["9870000060", "9870000061", "9870000062"];
      smsc.behaviour.receiptStates.set("919870000062", "UNDELIV");
      const res = await peer.inject({
        method: "POST",
        url: "/api/public/v1/messages/batch",
        headers: { "x-api-key": peerKey },
        payload: { messages: numbers.map((n) => smsTo("smpp", n)) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const ids = (res.json().data as { messages: { id: string }[] }).messages.map((m) => m.id);
      const rows = await until(
        () => states(ids),
        (r) => r.every((m) => m?.state === "delivered" || m?.state === "failed"),
      );
      expect(rows.map((r) => r?.state)).toEqual(["delivered", "delivered", "failed"]);
      offs.forEach((off) => off());
      expect(heardBy).toEqual({ server: 3, peer: 0 });
      // One delivery row per state and endpoint, whichever process wrote it.
      const deliveries = await db()
        .select({ body: webhookDeliveries.body })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.event, "message.status"),
            sql`${webhookDeliveries.body} like any(${`{${ids.map((id) => `%${id}%`).join(",")}}`}::text[])`,
          ),
        );
      const told = deliveries
        .map((d) => (JSON.parse(d.body) as WebhookEnvelope<"message.status">).data)
        .map((d) => `${ids.indexOf(d.messageId)}:${d.status}`)
        .sort();
      expect(told).toEqual(["0:delivered", "0:sent", "1:delivered", "1:sent", "2:failed", "2:sent"]);
    } finally {
      await peer.close();
    }
  }, 60_000);
});

describe("a receipt that never finds its message", () => {
  it("is looked for again a bounded number of times, then logged; one for another kind of message is not", async () => {
    const lines: string[] = [];
    const log = pino(
      { level: "warn" },
      new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }),
    );
    const carrier = fastSandbox("unmatched");
    const receipts = startPublicReceipts(db(), carrier, new PublicMessageEvents(), {
      flushMs: 10,
      log,
      onFallback: () => undefined,
      unmatched: { firstMs: 20, tries: 3 },
    });
    // A campaign recipient's receipt (its send answered CAMPAIGN-1) is the campaigns' business.
    const userId = await server.id("user");
    const template = await whatsappTemplate(db(), userId);
    const campaignId = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: ["+919870000070"],
      holdPaise: 100,
      status: "paused",
    });
    await db()
      .update(campaignRecipients)
      .set({ state: "sent", providerMessageId: "CAMPAIGN-1" })
      .where(eq(campaignRecipients.campaignId, campaignId));
    try {
      carrier.inject({ type: "receipt", providerMessageId: "CAMPAIGN-1", status: "delivered", at: new Date() });
      carrier.inject({ type: "receipt", providerMessageId: "NOT-OURS-1", status: "delivered", at: new Date() });
      const given = await until(
        async () => lines.filter((l) => l.includes("NOT-OURS-1")),
        (l) => l.length > 0,
        5_000,
      );
      expect(JSON.parse(given[0])).toMatchObject({
        level: 40,
        receipts: 1,
        providerMessageIds: ["NOT-OURS-1"],
        msg: expect.stringContaining("matched no message"),
      });
      expect(lines.filter((l) => l.includes("CAMPAIGN-1"))).toEqual([]);
    } finally {
      await receipts.stop();
    }
  });
});
