// WhatsApp Cloud API end to end on the real server: connecting a number (credentials sealed, never answered back),
// tenancy, the webhook route (verification, signatures over the raw body, a delivery twice changes nothing), a chat
// round trip and a whole campaign through the adapter, Meta's errors as behaviour (131047 shown, 131026 fails over to
// SMS on the sandbox beside it, 190 disconnects and pauses), template verdicts by webhook, and Embedded Signup.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import {
  DEFAULT_APP,
  DEFAULT_TOKEN,
  DOC_PHONE_NUMBER_ID,
  DOC_TEXT_MESSAGE_WEBHOOK,
  DOC_WABA_ID,
} from "../carriers/whatsapp-cloud/stand-in";
import { sign } from "../carriers/whatsapp-cloud/stand-in/webhook-sender";
import type { Database } from "../db/client";
import {
  campaignRecipients,
  campaigns,
  carrierChannels,
  carrierWebhookEvents,
  chatMessages,
  conversations,
  wabaPhoneNumbers,
  wabas,
  whatsappTemplates,
} from "../db/schema";
import { openCredentials } from "../services/carrier-channels/credentials-crypto";
import { credentialsKeyFromEnv } from "../config/credentials-key";
import { insertCampaign, setBalance, smsTemplate, until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { templateForm } from "./whatsapp-template-server";
import { CLOUD_CONNECT, cloudServer, OTHER_WABA, SIGNUP_WABA, type CloudServer } from "./whatsapp-cloud-fixtures";

let database: Database;
let server: CloudServer;
let channel: CarrierChannelRecord;
const db = () => database.db;
/**
 * A channel row without the columns the health job writes on its own clock: the test call's success reaches
 * them a moment later (lastSuccessAt, measuredAt), whatever the edit did.
 */
const HEALTH_COLUMNS = ["lastSuccessAt", "lastErrorAt", "lastErrorCode", "lastError", "sentLastMinute", "measuredAt"];
const withoutHealth = (row: typeof carrierChannels.$inferSelect) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !HEALTH_COLUMNS.includes(key)));
const CUSTOMER = "+16505551234";

const count = async (table: typeof carrierChannels | typeof wabas | typeof wabaPhoneNumbers | typeof chatMessages) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0].n;

/** POSTs a body to the channel's webhook route with the given signature header (none when null). */
async function postWebhook(channelId: string, body: string, signature: string | null) {
  return fetch(`${server.origin}/api/carrier-webhooks/${channelId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    body,
  });
}

/** An approved template at Meta (the stand-in) and here, created through the API as the console does. */
async function approvedTemplate(name: string): Promise<{ id: string; name: string }> {
  const res = await server.call({
    method: "POST",
    url: "/api/waba/create-template",
    as: "manager",
    payload: templateForm({
      waba_id: DOC_WABA_ID,
      name,
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Hi {{1}}, your order is on its way.", example: { body_text: [["Asha"]] } }],
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  // The verdict arrives by Meta's message_template_status_update webhook (the review job polls every minute here).
  await until(
    async () => (await db().select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id)))[0],
    (t) => t?.status === "APPROVED",
  );
  return { id, name };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await cloudServer(database, {
    jobIntervalMs: 60_000,
    standIn: { behaviour: { notOnWhatsApp: ["+919000000011"] } },
  });
  await setBalance(db(), await server.id("manager"), "100000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe("connecting a number by hand", () => {
  it("refuses what Meta refuses and stores nothing: a wrong token, a number of another WABA, a bad field", async () => {
    const before = await Promise.all([count(carrierChannels), count(wabas), count(wabaPhoneNumbers)]);
    const wrongToken = await server.call({
      method: "POST",
      url: "/api/v1/channels/whatsapp-cloud",
      as: "manager",
      payload: { ...CLOUD_CONNECT, access_token: "EAAJB-not-a-token-meta-knows-1234" },
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json()).toMatchObject({
      message: expect.stringContaining("refused the access token (190"),
      errors: [{ field: "access_token" }],
    });
    const otherNumber = await server.call({
      method: "POST",
      url: "/api/v1/channels/whatsapp-cloud",
      as: "manager",
      payload: { ...CLOUD_CONNECT, phone_number_id: OTHER_WABA.phone },
    });
    expect(otherNumber.statusCode).toBe(400);
    expect(otherNumber.json().message).toContain(`is not a number of WhatsApp Business Account ${DOC_WABA_ID}`);
    const badField = await server.call({
      method: "POST",
      url: "/api/v1/channels/whatsapp-cloud",
      as: "manager",
      payload: { ...CLOUD_CONNECT, app_secret: "not-hex" },
    });
    expect(badField.statusCode).toBe(400);
    expect(await Promise.all([count(carrierChannels), count(wabas), count(wabaPhoneNumbers)])).toEqual(before);
  });

  it("connects: the WABA, its number and the channel; secrets sealed in the row and only hinted in answers", async () => {
    channel = await server.connect("manager");
    expect(channel).toMatchObject({
      provider: "whatsapp_cloud",
      status: "connected",
      wabaId: DOC_WABA_ID,
      phoneNumberIds: [DOC_PHONE_NUMBER_ID],
      messagesPerSecond: 80,
      onboarding: "manual",
    });
    expect(channel.credentials).toEqual([
      { field: "access_token", label: "System-user access token", set: true, last4: DEFAULT_TOKEN.slice(-4) },
      { field: "app_secret", label: "App secret", set: true, last4: DEFAULT_APP.secret.slice(-4) },
    ]);
    expect(channel.webhook.url).toBe(`${server.origin}/api/carrier-webhooks/${channel._id}`);
    const list = await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "manager" });
    expect(list.body).not.toContain(DEFAULT_TOKEN);
    expect(list.body).not.toContain(DEFAULT_APP.secret);
    expect(list.json().data.embeddedSignup).toMatchObject({ appId: DEFAULT_APP.id });
    const [row] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, channel._id));
    expect(row.credentials).not.toContain(DEFAULT_TOKEN);
    expect(row.credentials).toMatch(/^v1\./);
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({
      accessToken: DEFAULT_TOKEN,
      appSecret: DEFAULT_APP.secret,
    });
    // Bound to its row: the same blob does not open as another channel's.
    expect(() =>
      openCredentials(credentialsKeyFromEnv({}).key, "00000000-0000-4000-8000-000000000000", row.credentials),
    ).toThrow();
    const wabaList = (await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "manager" })).json()
      .data as { waba_id: string; provider: string; phone_numbers: { id: string; account_mode: string }[] }[];
    expect(wabaList.find((w) => w.waba_id === DOC_WABA_ID)).toMatchObject({
      provider: "whatsapp_cloud",
      phone_numbers: [{ id: DOC_PHONE_NUMBER_ID, account_mode: "LIVE" }],
    });
    // The same WABA again: edit it instead.
    expect(
      (
        await server.call({
          method: "POST",
          url: "/api/v1/channels/whatsapp-cloud",
          as: "manager",
          payload: CLOUD_CONNECT,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("belongs to its account: others get 404, a department head 403, and the sandbox WABA stays beside it", async () => {
    expect(
      (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "user" })).json().data.channels,
    ).toEqual([]);
    for (const [method, url, payload] of [
      ["PUT", `/api/v1/channels/carrier-channels/${channel._id}`, { name: "x" }],
      ["POST", `/api/v1/channels/carrier-channels/${channel._id}/test`, undefined],
      ["DELETE", `/api/v1/channels/carrier-channels/${channel._id}`, undefined],
    ] as const) {
      expect((await server.call({ method, url, as: "user", ...(payload ? { payload } : {}) })).statusCode).toBe(404);
    }
    expect(
      (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "depthead" })).statusCode,
    ).toBe(403);
    expect(
      (
        await server.call({
          method: "POST",
          url: "/api/v1/channels/whatsapp-cloud",
          as: "user",
          payload: CLOUD_CONNECT,
        })
      ).statusCode,
    ).toBe(409);
    // The seeded sandbox WABA of the manager is still served by the sandbox.
    const seeded = (await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "manager" })).json().data as {
      provider: string;
    }[];
    expect(seeded.map((w) => w.provider).sort()).toEqual(["sandbox", "whatsapp_cloud"]);
  });

  it("test connection makes a real call; an edit with a token Meta refuses changes nothing", async () => {
    const test = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${channel._id}/test`,
      as: "manager",
    });
    expect(test.json().data).toMatchObject({ ok: true, message: expect.stringContaining("Jaspers Market") });
    const [before] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, channel._id));
    const edit = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
      payload: { access_token: "EAAJB-not-a-token-meta-knows-5678" },
    });
    expect(edit.statusCode).toBe(400);
    const [after] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, channel._id));
    expect(withoutHealth(after)).toEqual(withoutHealth(before));
    const rename = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
      payload: { name: "Jaspers Market (India)", messages_per_second: 120 },
    });
    expect(rename.json().data).toMatchObject({ name: "Jaspers Market (India)", messagesPerSecond: 120 });
  });
});

describe("the webhook route", () => {
  it("verifies Meta's handshake only with the channel's verify token; unknown channels are 404", async () => {
    const ok = await fetch(
      `${channel.webhook.url}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(channel.webhook.verifyToken)}&hub.challenge=1158201444`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    expect(
      (await fetch(`${channel.webhook.url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`)).status,
    ).toBe(403);
    expect(
      (await fetch(`${server.origin}/api/carrier-webhooks/00000000-0000-4000-8000-000000000000?hub.mode=subscribe`))
        .status,
    ).toBe(404);
    expect((await fetch(`${server.origin}/api/carrier-webhooks/not-a-uuid`)).status).toBe(404);
  });

  it("refuses unsigned (401) and wrongly signed (403) events over the raw body, and stores nothing", async () => {
    const body = JSON.stringify(DOC_TEXT_MESSAGE_WEBHOOK);
    const before = await count(chatMessages);
    expect((await postWebhook(channel._id, body, null)).status).toBe(401);
    expect((await postWebhook(channel._id, body, sign("0".repeat(32), body))).status).toBe(403);
    // Signed bytes with a space added: the signature no longer matches.
    expect((await postWebhook(channel._id, `${body} `, sign(DEFAULT_APP.secret, body))).status).toBe(403);
    expect(await count(chatMessages)).toBe(before);
  });

  it("takes Meta's documented inbound message once, however often it is delivered", async () => {
    const body = JSON.stringify(DOC_TEXT_MESSAGE_WEBHOOK);
    // Three deliveries at once (they share one INSERT of keys), then a late retry.
    const together = await Promise.all(
      [1, 2, 3].map(() => postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body))),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body))).status).toBe(200);
    const convo = await until(
      async () => (await db().select().from(conversations).where(eq(conversations.customerNumber, CUSTOMER)))[0],
      Boolean,
    );
    const messages = await db().select().from(chatMessages).where(eq(chatMessages.conversationId, convo.id));
    expect(messages.map((m) => m.text)).toEqual(["Does it come in another color?"]);
    expect(
      await db().select().from(carrierWebhookEvents).where(eq(carrierWebhookEvents.channelId, channel._id)),
    ).toHaveLength(1);
  });

  /** Meta's documented inbound message with another id and text. */
  const inboundWebhook = (id: string, text: string) => {
    const [message] = DOC_TEXT_MESSAGE_WEBHOOK.entry[0].changes[0].value.messages;
    const value = {
      ...DOC_TEXT_MESSAGE_WEBHOOK.entry[0].changes[0].value,
      messages: [{ ...message, id, text: { body: text } }],
    };
    return JSON.stringify({
      ...DOC_TEXT_MESSAGE_WEBHOOK,
      entry: [
        { ...DOC_TEXT_MESSAGE_WEBHOOK.entry[0], changes: [{ ...DOC_TEXT_MESSAGE_WEBHOOK.entry[0].changes[0], value }] },
      ],
    });
  };
  const storedTexts = async () =>
    (await db().select({ text: chatMessages.text }).from(chatMessages)).map((m) => m.text);

  it("answers 200 only once the message is stored: a store that fails for the moment answers 500 and Meta's retry stores it once", async () => {
    // A failure that passes (serialization_failure, as under a concurrent write), for messages with this text only.
    await db().execute(sql`create function refuse_marked() returns trigger language plpgsql as $$
      begin if new.text = 'Is it in stock?' then raise exception 'try again' using errcode = '40001'; end if; return new; end $$`);
    await db().execute(
      sql`create trigger refuse_marked before insert on chat_messages for each row execute function refuse_marked()`,
    );
    const body = inboundWebhook("wamid.RETRIED-1", "Is it in stock?");
    const keys = async () =>
      (await db().select().from(carrierWebhookEvents).where(eq(carrierWebhookEvents.channelId, channel._id))).length;
    const keysBefore = await keys();
    const refused = await postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body));
    expect(refused.status).toBe(500);
    expect(await storedTexts()).not.toContain("Is it in stock?");
    // The key was given back: the retry is new again.
    expect(await keys()).toBe(keysBefore);
    await db().execute(sql`drop trigger refuse_marked on chat_messages`);
    await db().execute(sql`drop function refuse_marked()`);
    expect((await postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body))).status).toBe(200);
    expect((await postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body))).status).toBe(200);
    expect((await storedTexts()).filter((t) => t === "Is it in stock?")).toHaveLength(1);
    expect(await keys()).toBe(keysBefore + 1);
  });

  it("a message the database refuses for its content is acknowledged and dropped, not refused forever", async () => {
    const body = inboundWebhook("wamid.NUL-1", "nul \u0000 byte");
    expect(JSON.parse(body).entry[0].changes[0].value.messages[0].text.body).toContain("\u0000");
    const before = await storedTexts();
    expect((await postWebhook(channel._id, body, sign(DEFAULT_APP.secret, body))).status).toBe(200);
    expect(await storedTexts()).toEqual(before);
  });
});

describe("chat through the Cloud API", () => {
  it("the simulated phone offers only the numbers the sandbox serves, and cannot write to the Cloud API number", async () => {
    const listed = (await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as: "manager" })).json()
      .data as { channel: string; address: string }[];
    expect(listed.some((a) => a.channel === "whatsapp")).toBe(true);
    expect(listed.some((a) => a.address === DOC_PHONE_NUMBER_ID)).toBe(false);
    const before = await count(chatMessages);
    const res = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "whatsapp", address: DOC_PHONE_NUMBER_ID, number: "+919876500009", text: "hello" },
    });
    expect(res.statusCode).toBe(404);
    expect(await count(chatMessages)).toBe(before);
  });

  it("a customer writes, an agent answers inside the window, ticks follow Meta's statuses; a repeated status changes nothing", async () => {
    const customer = "+919876500001";
    await server.standIn.customerWrites({
      from: customer,
      phoneNumberId: DOC_PHONE_NUMBER_ID,
      text: "Is my order shipped?",
    });
    const convo = await until(
      async () => (await db().select().from(conversations).where(eq(conversations.customerNumber, customer)))[0],
      Boolean,
    );
    expect(convo).toMatchObject({ businessAddress: DOC_PHONE_NUMBER_ID, status: "open" });
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "manager",
      payload: { clientId: "cloud-1", messageType: "text", text: "Yes, it left today." },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = Number(sent.json().data._id);
    const read = await until(
      async () => (await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0],
      (m) => m?.status === "read",
    );
    const accepted = server.standIn.state.accepted.find((a) => a.payload.biz_opaque_callback_data === `chat:${id}`);
    expect(accepted?.payload).toMatchObject({
      type: "text",
      to: customer.slice(1),
      text: { body: "Yes, it left today." },
    });
    expect(read.providerMessageId).toBe(accepted?.wamid);
    // Meta delivering the "delivered" status again after "read": the tick stays at read.
    const again = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: DOC_WABA_ID,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: DOC_PHONE_NUMBER_ID },
                statuses: [
                  {
                    id: accepted?.wamid,
                    status: "delivered",
                    timestamp: "1750857384",
                    recipient_id: customer.slice(1),
                    biz_opaque_callback_data: `chat:${id}`,
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect((await postWebhook(channel._id, again, sign(DEFAULT_APP.secret, again))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0].status).toBe("read");
  });

  it("131047: a message Meta finds outside its 24-hour window is failed and shown as such", async () => {
    const customer = "+919876500002";
    // Our inbox believes the window open (the customer wrote, as far as it knows); Meta does not.
    const ownerId = await server.id("manager");
    const [convo] = await db()
      .insert(conversations)
      .values({
        userId: ownerId,
        channel: "whatsapp",
        customerNumber: customer,
        businessAddress: DOC_PHONE_NUMBER_ID,
        lastInboundAt: new Date(),
        lastMessageAt: new Date(),
        lastMessageText: "hi",
      })
      .returning();
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "manager",
      payload: { clientId: "cloud-2", messageType: "text", text: "Hello again" },
    });
    const id = Number(sent.json().data._id);
    const failed = await until(
      async () => (await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0],
      (m) => m?.status === "failed",
    );
    expect(failed.error).toContain("Re-engagement message");
  });
});

describe("a campaign through the Cloud API", () => {
  it("sends each recipient once, follows receipts, retries a pair-limited recipient later and fails over 131026 to SMS on the sandbox", async () => {
    const ownerId = await server.id("manager");
    const template = await approvedTemplate("order_on_its_way");
    const sms = await smsTemplate(db(), ownerId);
    const numbers = ["+919876510001", "+919876510002", "+919876510003", "+919000000011", "+919876510004"];
    server.standIn.script("+919876510004", 131056);
    const id = await insertCampaign(db(), {
      userId: ownerId,
      templateId: template.id,
      templateName: template.name,
      sender: DOC_PHONE_NUMBER_ID,
      numbers,
      holdPaise: 100_000,
      status: "running",
      failover: {
        conditions: ["not_on_whatsapp"],
        smsAccountId: sms.accountId,
        smsTemplateId: sms.id,
        params: ["Asha", "1"],
      },
    });
    await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      30_000,
    );
    const rows = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(campaignRecipients.id);
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    for (const n of ["+919876510001", "+919876510002", "+919876510003"]) expect(byNumber[n].state).toBe("read");
    expect(byNumber["+919000000011"]).toMatchObject({ state: "failed", code: "131026", failedOver: true });
    // Refused once with 131056, sent later, never twice.
    expect(byNumber["+919876510004"].attempts).toBe(2);
    expect(["delivered", "read"]).toContain(byNumber["+919876510004"].state);
    const accepted = server.standIn.state.accepted.filter((a) =>
      rows.some((r) => a.payload.biz_opaque_callback_data === String(r.id)),
    );
    expect(accepted).toHaveLength(numbers.length);
    expect(new Set(accepted.map((a) => a.payload.biz_opaque_callback_data)).size).toBe(numbers.length);
    expect(accepted[0].payload).toMatchObject({
      type: "template",
      template: {
        name: template.name,
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Name 0" }] }],
      },
    });
  });

  it("190: the channel is disconnected with a clear message, the campaign pauses; a new token connects it again", async () => {
    const ownerId = await server.id("manager");
    const template = await approvedTemplate("order_on_its_way_two");
    // The token dies at Meta (revoked in Business Settings).
    const token = "EAAJB-a-token-that-dies-during-the-campaign-9";
    server.standIn.state.tokens.set(token, new Set([DOC_WABA_ID]));
    const edit = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
      payload: { access_token: token },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    server.standIn.revokeToken(token);
    const id = await insertCampaign(db(), {
      userId: ownerId,
      templateId: template.id,
      templateName: template.name,
      sender: DOC_PHONE_NUMBER_ID,
      numbers: ["+919876520001", "+919876520002"],
      holdPaise: 10_000,
      status: "running",
    });
    const paused = await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "paused",
    );
    expect(paused.statusReason).toContain("WhatsApp channel disconnected");
    const [row] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, channel._id));
    expect(row).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("Enter a new system-user token"),
    });
    expect(
      (
        await db()
          .select()
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "queued")))
      ).length,
    ).toBe(2);
    const test = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${channel._id}/test`,
      as: "manager",
    });
    expect(test.json().data).toMatchObject({ ok: false, code: "190" });
    const fixed = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
      payload: { access_token: DEFAULT_TOKEN },
    });
    expect(fixed.json().data).toMatchObject({ status: "connected", statusReason: null });
    const resumed = await server.call({ method: "POST", url: `/api/v1/campaign-control/${id}/resume`, as: "manager" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      20_000,
    );
  });
});

describe("templates and onboarding", () => {
  it("a rejection arrives by webhook with Meta's reason", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/waba/create-template",
      as: "manager",
      payload: templateForm({
        waba_id: DOC_WABA_ID,
        name: "please_reject_this",
        language: "en_US",
        category: "MARKETING",
        components: [{ type: "BODY", text: "Our sale starts today for everyone." }],
      }),
    });
    const id = res.json().data.id as string;
    const row = await until(
      async () => (await db().select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id)))[0],
      (t) => t?.status === "REJECTED",
    );
    expect(row.reason).toContain("INVALID_FORMAT");
  });

  it("Embedded Signup: the code becomes a channel with the number registered and the WABA's webhooks pointed here", async () => {
    const code = server.standIn.issueSignupCode(SIGNUP_WABA.id);
    const res = await server.call({
      method: "POST",
      url: "/api/waba/onboarding/facebook",
      as: "user",
      payload: { code, waba_id: SIGNUP_WABA.id, phone_number_id: SIGNUP_WABA.phone },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      waba_id: SIGNUP_WABA.id,
      provider: "whatsapp_cloud",
      phone_numbers: [{ id: SIGNUP_WABA.phone }],
    });
    const list = (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "user" })).json()
      .data.channels as CarrierChannelRecord[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ onboarding: "embedded-signup", appId: DEFAULT_APP.id });
    const waba = server.standIn.state.wabas.get(SIGNUP_WABA.id);
    expect(waba?.override).toEqual({ url: list[0].webhook.url, verifyToken: list[0].webhook.verifyToken });
    expect(waba?.registered.get(SIGNUP_WABA.phone)).toMatch(/^\d{6}$/);
    // A code used twice is refused by Meta, and nothing more is stored.
    const again = await server.call({
      method: "POST",
      url: "/api/waba/onboarding/facebook",
      as: "user",
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
    expect(
      (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "user" })).json().data.channels,
    ).toHaveLength(1);
  });

  it("removing a connection takes its WABA and number with it", async () => {
    const list = (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "user" })).json()
      .data.channels as CarrierChannelRecord[];
    const res = await server.call({
      method: "DELETE",
      url: `/api/v1/channels/carrier-channels/${list[0]._id}`,
      as: "user",
    });
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(wabas).where(eq(wabas.wabaId, SIGNUP_WABA.id))).toEqual([]);
  });
});
