// Google RCS Business Messaging connected by an account, end to end on the real server against the RBM stand-in:
// connecting checks the service-account key with Google first and stores nothing on a refusal; the key and client
// token are sealed and only hinted; a bot is claimed by one connection of its owner; an RCS campaign from the bot goes
// out through the agent (capability 404 fails the recipient with RBM's code) and receipts come back through the signed
// webhook, once however often it is delivered; with SMS failover, the numbers Google refuses get the SMS; a
// customer's message opens a conversation and an agent's answer goes back through the agent, ticked by RBM; an API
// message goes out under a UUID message id and RBM's events settle it, one to a number Google says is not RCS-capable
// takes its SMS fallback; removal frees the bot.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import { DEFAULT_RATES_PAISE, FAILOVER_TTL_MS } from "../../contract/domain/campaigns";
import type { RcsTemplateDraft } from "../../contract/domain/rcs";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../carriers/rcs/stand-in";
import type { Database } from "../db/client";
import {
  campaignRecipients,
  campaigns,
  carrierChannels,
  carrierRcsBots,
  chatMessages,
  conversations,
  rcsBots,
  rcsTemplates,
} from "../db/schema";
import { rowsOf } from "../db/sql";
import { openCredentials } from "../services/carrier-channels/credentials-crypto";
import { credentialsKeyFromEnv } from "../config/credentials-key";
import { insertCampaign, setBalance, smsTemplate, until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const AGENT = "acme-rbm-bot";
const CLIENT_TOKEN = "SJENCPGJESMGUFPY";
const key = makeServiceAccountKey();
let database: Database;
let server: CloudServer;
let google: RbmStandIn;
let bot: string;
let channel: CarrierChannelRecord;
const db = () => database.db;

const counts = async () => ({
  channels: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carrierChannels)
  )[0].n,
  claims: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carrierRcsBots)
  )[0].n,
});
const body = (over: Record<string, unknown> = {}) => ({
  name: "Acme RBM",
  bot_id: bot,
  agent_id: `${AGENT}@rbm.goog`,
  service_account_key: key.json,
  client_token: CLIENT_TOKEN,
  ...over,
});
const connect = (payload: Record<string, unknown>, as: "manager" | "user" | "depthead" = "manager") =>
  server.call({ method: "POST", url: "/api/v1/channels/rcs-google", as, payload });

const draft = (botId: string): RcsTemplateDraft => ({
  botId,
  name: "rbm_offer",
  type: "standalone",
  textMessageContent: "",
  orientation: "VERTICAL",
  alignment: "LEFT",
  height: "MEDIUM",
  width: "MEDIUM",
  suggestions: [{ type: "reply", text: "Stop", postbackData: "STOP" }],
  standAlone: {
    cardTitle: "Hi {{1}}",
    cardDescription: "Your offer is ready",
    mediaUrl: "https://cdn.example.com/offer.jpg",
    suggestions: [],
  },
  carouselList: [],
});

beforeAll(async () => {
  database = await freshDatabase();
  google = await startRbmStandIn({ key, agentId: AGENT, clientToken: CLIENT_TOKEN });
  server = await cloudServer(database, { rbm: { apiUrl: google.url, tokenUrl: google.tokenUrl, timeoutMs: 5_000 } });
  const manager = await server.id("manager");
  await setBalance(db(), manager, "100000.00");
  [{ id: bot }] = await db()
    .insert(rcsBots)
    .values({ userId: manager, name: "Acme Offers", useCase: "PROMOTIONAL", providerBotId: "sandbox-acme-offers" })
    .returning({ id: rcsBots.id });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
  await database?.close();
});

describe("connecting an RBM agent", () => {
  it("refuses bad input with the field named and stores nothing", async () => {
    const before = await counts();
    const notJson = await connect(body({ service_account_key: "not json" }));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors).toEqual([expect.objectContaining({ field: "service_account_key" })]);
    const badAgent = await connect(body({ agent_id: "Acme Bot!" }));
    expect(badAgent.statusCode).toBe(400);
    const otherKey = await connect(body({ service_account_key: makeServiceAccountKey(key.clientEmail).json }));
    expect(otherKey.statusCode).toBe(400);
    expect(otherKey.json()).toMatchObject({
      message: expect.stringContaining("invalid_grant"),
      errors: [expect.objectContaining({ field: "service_account_key" })],
    });
    const wrongAgent = await connect(body({ agent_id: "someone-elses-bot" }));
    expect(wrongAgent.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("belongs to the bot's owner: another account's bot is 404, a department head 403, nothing stored", async () => {
    const before = await counts();
    expect((await connect(body(), "user")).statusCode).toBe(404);
    expect((await connect(body(), "depthead")).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("connects after Google accepts the key: secrets sealed and hinted, the bot claimed, the webhook answered", async () => {
    const res = await connect(body());
    expect(res.statusCode).toBe(201);
    channel = res.json().data as CarrierChannelRecord;
    expect(channel).toMatchObject({
      provider: "rcs_google",
      channel: "rcs",
      status: "connected",
      sms: null,
      rcs: {
        agentId: AGENT,
        botId: bot,
        botName: "Acme Offers",
        useCase: "PROMOTIONAL",
        serviceAccount: key.clientEmail,
      },
      credentials: [
        { field: "service_account_key", set: true, last4: expect.stringMatching(/^[0-9a-f]{4}$/) },
        { field: "client_token", set: true, last4: "UFPY" },
      ],
    });
    expect(res.body).not.toContain("PRIVATE KEY");
    expect(res.body).not.toContain(CLIENT_TOKEN);
    const [row] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, channel._id));
    expect(row.credentials).not.toContain("PRIVATE KEY");
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({
      serviceAccountKey: key.json,
      clientToken: CLIENT_TOKEN,
    });
    const list = await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "manager" });
    expect(list.body).not.toContain("PRIVATE KEY");
    // What the owner does next at Google: paste the webhook URL; Google checks it with the client token.
    google.webhookUrl = channel.webhook.url;
    expect(await google.handshake(CLIENT_TOKEN, "1234567890")).toEqual({ status: 200, body: "1234567890" });
    expect((await google.handshake("WRONG-TOKEN-1", "1234567890")).status).toBe(403);
    // The bot (named by its provider id in campaigns, by ours in chats) now goes through the agent.
    expect(await server.app.carrier.servesByDefault("rcs", bot)).toBe(false);
    expect(await server.app.carrier.servesByDefault("rcs", "sandbox-acme-offers")).toBe(false);
  });

  it("claims a bot once: connecting it again is 409 and changes nothing", async () => {
    const before = await counts();
    const again = await connect(body({ name: "Second" }));
    expect(again.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it("tests the connection with Google; others cannot test or remove it", async () => {
    const test = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${channel._id}/test`,
      as: "manager",
    });
    expect(test.json().data).toMatchObject({ ok: true, message: `Connected: ${AGENT}` });
    expect(
      (await server.call({ method: "POST", url: `/api/v1/channels/carrier-channels/${channel._id}/test`, as: "user" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.call({ method: "DELETE", url: `/api/v1/channels/carrier-channels/${channel._id}`, as: "user" }))
        .statusCode,
    ).toBe(404);
    const edit = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
      payload: { access_token: "EAAnothertoken1234567890" },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toContain("an RCS agent's credentials");
  });
});

describe("editing an RBM agent", () => {
  const edit = (payload: Record<string, unknown>, as: "manager" | "user" = "manager", id = channel._id) =>
    server.call({ method: "PUT", url: `/api/v1/channels/rcs-google/${id}`, as, payload });
  /** The row without the throughput the health writer records on its own (a flush may land at any moment). */
  const rowOf = async () => {
    const [{ measuredAt: _at, sentLastMinute: _n, ...row }] = await db()
      .select()
      .from(carrierChannels)
      .where(eq(carrierChannels.id, channel._id));
    return row;
  };

  it("checks the new settings with Google first: a refusal or bad input changes nothing", async () => {
    const before = await rowOf();
    const otherKey = await edit({
      name: "Acme RBM",
      agent_id: AGENT,
      service_account_key: makeServiceAccountKey(key.clientEmail).json,
    });
    expect(otherKey.statusCode).toBe(400);
    expect(otherKey.json()).toMatchObject({
      message: expect.stringContaining("invalid_grant"),
      errors: [expect.objectContaining({ field: "service_account_key" })],
    });
    expect((await edit({ name: "Acme RBM", agent_id: "someone-elses-bot" })).statusCode).toBe(400);
    expect((await edit({ name: "Acme RBM", agent_id: AGENT, service_account_key: "not json" })).json().errors).toEqual([
      expect.objectContaining({ field: "service_account_key" }),
    ]);
    // The bot is not the edit's to change.
    expect((await edit({ name: "Acme RBM", agent_id: AGENT, bot_id: bot })).statusCode).toBe(400);
    expect(await rowOf()).toEqual(before);
  });

  it("is the owner's: another manager's channel id is 404, and so is another provider's edit call", async () => {
    const before = await rowOf();
    expect((await edit({ name: "Taken", agent_id: AGENT }, "user")).statusCode).toBe(404);
    const smpp = await server.call({
      method: "PUT",
      url: `/api/v1/channels/smpp/${channel._id}`,
      as: "manager",
      payload: { name: "Taken", sender_ids: ["ACMESM"], host: "smsc.example.com", port: 2775, system_id: "acme" },
    });
    expect(smpp.statusCode).toBe(404);
    expect(await rowOf()).toEqual(before);
  });

  it("saves a new name, throughput and client token; the key left empty is kept; the webhook answers with the new token", async () => {
    const res = await edit({
      name: "Acme RBM agent",
      agent_id: `${AGENT}@rbm.goog`,
      client_token: "NEWCLIENTTOKEN99",
      messages_per_second: 40,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Saved Acme RBM agent",
      data: {
        name: "Acme RBM agent",
        messagesPerSecond: 40,
        rcs: { agentId: AGENT, botId: bot },
        credentials: [
          { field: "service_account_key", set: true },
          { field: "client_token", last4: "EN99" },
        ],
      },
    });
    expect(res.body).not.toContain("NEWCLIENTTOKEN99");
    const row = await rowOf();
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({
      serviceAccountKey: key.json,
      clientToken: "NEWCLIENTTOKEN99",
    });
    google.clientToken = "NEWCLIENTTOKEN99";
    expect((await google.handshake("NEWCLIENTTOKEN99", "42")).status).toBe(200);
    // Back as it was, for the campaign below.
    expect((await edit({ name: "Acme RBM", agent_id: AGENT, client_token: CLIENT_TOKEN })).statusCode).toBe(200);
    google.clientToken = CLIENT_TOKEN;
  });

  it("names the bot as it is named now: a rename by the admin shows on the channel at once", async () => {
    const rename = await server.call({
      method: "PUT",
      url: "/api/v1/admin/update-bot",
      as: "admin",
      payload: { botId: bot, name: "Acme Deals" },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const list = await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "manager" });
    const listed = (list.json().data.channels as CarrierChannelRecord[]).find((c) => c._id === channel._id);
    expect(listed?.rcs?.botName).toBe("Acme Deals");
    const test = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${channel._id}/test`,
      as: "manager",
    });
    expect(test.json().data.channel.rcs.botName).toBe("Acme Deals");
    await server.call({
      method: "PUT",
      url: "/api/v1/admin/update-bot",
      as: "admin",
      payload: { botId: bot, name: "Acme Offers" },
    });
  });
});

describe("an RCS campaign through RBM", () => {
  it("sends each recipient through the agent with the bot's traffic type; receipts settle them once; a non-RCS number fails with 404", async () => {
    const manager = await server.id("manager");
    const [template] = await db()
      .insert(rcsTemplates)
      .values({ userId: manager, botId: bot, name: "rbm_offer", type: "standalone", draft: draft(bot) })
      .returning();
    const numbers = ["+919876540001", "+919876540002", "+919876540003"];
    google.behaviour.capable.add(numbers[0]);
    google.behaviour.capable.add(numbers[1]);
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "rcs",
      templateId: template.id,
      templateName: template.name,
      sender: "sandbox-acme-offers",
      numbers,
      holdPaise: 10_000,
      rowVariables: (n) => [`Asha ${n}`],
    });
    await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      20_000,
    );
    const sent = [...google.messages.values()].filter((m) => numbers.includes(m.phone));
    expect(sent.map((m) => m.phone).sort()).toEqual(numbers.slice(0, 2));
    expect(sent[0].body).toMatchObject({
      messageTrafficType: "PROMOTION",
      contentMessage: {
        richCard: { standaloneCard: { cardContent: { title: expect.stringMatching(/^Hi Asha \d$/) } } },
      },
    });
    const rows = () =>
      db()
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, id))
        .orderBy(campaignRecipients.number);
    expect((await rows())[2]).toMatchObject({ state: "failed", code: "404" });
    // Receipts through the signed webhook; the same DELIVERED twice changes nothing the second time.
    for (const m of sent) expect(await google.deliver(m.id)).toBe(200);
    expect(await google.deliver(sent[0].id)).toBe(200);
    expect(await google.read(sent[0].id)).toBe(200);
    const settled = await until(rows, (r) => r[0].state === "read" && r[1].state === "delivered");
    expect(settled.map((r) => r.state)).toEqual(["read", "delivered", "failed"]);
    const keys = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from carrier_webhook_events where channel_id = ${channel._id} and event_key = ${`${sent[0].id}:delivered`}`,
    );
    expect(keys[0].n).toBe(1);
    // A forged event is refused and changes nothing.
    const forged = await google.push(
      {
        senderPhoneNumber: numbers[1],
        eventType: "READ",
        eventId: "ev-forged",
        messageId: sent[1].id,
        agentId: `${AGENT}@rbm.goog`,
      },
      { signWith: "guess" },
    );
    expect(forged.status).toBe(403);
    expect((await rows())[1].state).toBe("delivered");
  });

  it("with SMS failover: Google's capability 404 and 403 refusals get the SMS instead, billed as SMS; the RCS message asks to be revoked at the failover TTL", async () => {
    const manager = await server.id("manager");
    const [template] = await db()
      .insert(rcsTemplates)
      .values({ userId: manager, botId: bot, name: "rbm_failover", type: "standalone", draft: draft(bot) })
      .returning();
    const sms = await smsTemplate(db(), manager);
    const [capable, notCapable, notLaunched] = ["+919876540011", "+919876540012", "+919876540013"];
    google.behaviour.capable.add(capable);
    google.behaviour.unlaunched.add(notLaunched);
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "rcs",
      templateId: template.id,
      templateName: template.name,
      sender: "sandbox-acme-offers",
      numbers: [capable, notCapable, notLaunched],
      holdPaise: 10_000,
      rowVariables: (n) => [`Asha ${n}`],
      failover: {
        conditions: ["not_rcs_capable", "undelivered"],
        smsAccountId: sms.accountId,
        smsTemplateId: sms.id,
        params: ["{{name}}", "77"],
      },
    });
    const message = await until(
      async () => [...google.messages.values()].find((m) => m.phone === capable),
      (m) => m !== undefined,
    );
    expect(message?.body).toMatchObject({ ttl: `${FAILOVER_TTL_MS / 1000}s` });
    expect(await google.deliver(message?.id ?? "")).toBe(200);
    const done = await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      20_000,
    );
    const rows = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(campaignRecipients.number);
    // Each message its own charge: the RCS message on its channel, the failover SMS apart (failover_cost_paise).
    expect(
      rows.map((r) => [r.number, r.state, r.code, r.failoverState, r.failedOver, r.costPaise, r.failoverCostPaise]),
    ).toEqual([
      [capable, "delivered", null, null, false, DEFAULT_RATES_PAISE.rcs, 0],
      [notCapable, "failed", "404", "sent", true, 0, DEFAULT_RATES_PAISE.sms],
      [notLaunched, "failed", "403", "sent", true, 0, DEFAULT_RATES_PAISE.sms],
    ]);
    expect([...google.messages.values()].filter((m) => m.phone === notCapable || m.phone === notLaunched)).toEqual([]);
    expect(done.spentPaise).toBe(DEFAULT_RATES_PAISE.rcs + 2 * DEFAULT_RATES_PAISE.sms);
  });

  it("a customer's message to the bot opens a conversation with it, once however often RBM delivers it", async () => {
    const manager = await server.id("manager");
    const event = {
      senderPhoneNumber: "+919876540009",
      messageId: "MxCustomer1",
      sendTime: new Date().toISOString(),
      text: "Is the offer still on?",
      agentId: `${AGENT}@rbm.goog`,
    };
    expect((await google.push(event)).status).toBe(200);
    expect((await google.push(event)).status).toBe(200);
    const found = await until(
      async () =>
        db()
          .select()
          .from(conversations)
          .where(
            and(
              eq(conversations.userId, manager),
              eq(conversations.channel, "rcs"),
              eq(conversations.customerNumber, "+919876540009"),
            ),
          ),
      (c) => c.length === 1,
    );
    expect(found[0]).toMatchObject({ businessAddress: bot, lastMessageText: "Is the offer still on?", unreadCount: 1 });
  });

  it("an agent's answer goes out through the agent to the customer, and RBM's DELIVERED and READ events tick it", async () => {
    const customer = "+919876540009";
    google.behaviour.capable.add(customer);
    const [convo] = await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.channel, "rcs"), eq(conversations.customerNumber, customer)));
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "manager",
      payload: { clientId: "rbm-answer-1", messageType: "text", text: "Yes, until Sunday." },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = Number(sent.json().data._id);
    const [message] = await until(
      async () => [...google.messages.values()].filter((m) => m.phone === customer),
      (m) => m.length === 1,
    );
    expect(message.body).toMatchObject({ contentMessage: { text: "Yes, until Sunday." } });
    await until(
      async () => (await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0],
      (m) => m?.status === "sent",
    );
    expect(await google.deliver(message.id)).toBe(200);
    expect(await google.read(message.id)).toBe(200);
    const read = await until(
      async () => (await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0],
      (m) => m?.status === "read",
    );
    expect(read.providerMessageId).toBeTruthy();
    // RBM delivering the DELIVERED event again after READ (a retry): the tick stays at read.
    expect(await google.deliver(message.id)).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0].status).toBe("read");
  });
});

describe("an API message through RBM", () => {
  type ApiMessage = { status: string; channel: string; history: { status: string; channel: string; code?: string }[] };
  let apiKey = "";
  let userBot = "";
  let sms: Awaited<ReturnType<typeof smsTemplate>>;
  const send = async (to: string, text: string) => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/public/v1/messages",
      headers: { "x-api-key": apiKey },
      payload: {
        channel: "rcs",
        from: userBot,
        to,
        text,
        fallback: [{ channel: "sms", templateId: sms.id, variables: ["Asha", "9"] }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    return async () =>
      (
        await server.app.inject({
          method: "GET",
          url: `/api/public/v1/messages/${id}`,
          headers: { "x-api-key": apiKey },
        })
      ).json().data as ApiMessage;
  };

  beforeAll(async () => {
    // API keys are the user's: she connects her own bot to the agent too.
    const user = await server.id("user");
    await setBalance(db(), user, "1000.00");
    [{ id: userBot }] = await db()
      .insert(rcsBots)
      .values({ userId: user, name: "Uday Alerts", useCase: "TRANSACTIONAL" })
      .returning({ id: rcsBots.id });
    expect((await connect(body({ name: "Uday RBM", bot_id: userBot }), "user")).statusCode).toBe(201);
    sms = await smsTemplate(db(), user);
    const keyRes = await server.call({
      method: "POST",
      url: "/api/ums/v1/api-keys",
      as: "user",
      payload: { name: "RBM key", scopes: ["messages:send", "reports:read"] },
    });
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    apiKey = (keyRes.json() as { data: { key: string } }).data.key;
  });

  it("goes out under a UUID message id; RBM's DELIVERED and READ events about that id settle the message", async () => {
    google.behaviour.capable.add("+919000000002");
    const read = await send("9000000002", "Your OTP is 4411");
    const [atGoogle] = await until(
      async () => [...google.messages.values()].filter((m) => m.phone === "+919000000002"),
      (m) => m.length === 1,
    );
    expect(atGoogle.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await until(read, (m) => m.status === "sent");
    expect(await google.deliver(atGoogle.id)).toBe(200);
    expect(await google.read(atGoogle.id)).toBe(200);
    const done = await until(read, (m) => m.status === "read");
    expect(done.history.map((h) => `${h.status}:${h.channel}`)).toEqual([
      "queued:rcs",
      "sent:rcs",
      "delivered:rcs",
      "read:rcs",
    ]);
  });

  it("not RCS-capable at Google (capability 404): refused, refunded, and its SMS fallback goes out, as with the sandbox", async () => {
    const read = await send("9000000001", "Your parcel is out for delivery");
    const done = await until(read, (m) => m.channel === "sms" && m.status === "delivered");
    expect(done.history.map((h) => `${h.status}:${h.channel}`).slice(0, 3)).toEqual([
      "queued:rcs",
      "failed:rcs",
      "queued:sms",
    ]);
    expect(done.history[1]).toMatchObject({ code: "404" });
    expect([...google.messages.values()].some((m) => m.phone === "+919000000001")).toBe(false);
  });
});

describe("removing the connection", () => {
  it("is refused while a campaign sends from the bot, then frees the bot for the sandbox", async () => {
    const manager = await server.id("manager");
    const [template] = await db().select().from(rcsTemplates).where(eq(rcsTemplates.botId, bot));
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "rcs",
      templateId: template.id,
      templateName: template.name,
      sender: bot,
      numbers: ["+919876540010"],
      holdPaise: 100,
      status: "paused",
    });
    await db().update(campaigns).set({ botId: bot }).where(eq(campaigns.id, id));
    const before = await counts();
    const busy = await server.call({
      method: "DELETE",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
    });
    expect(busy.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    await db().update(campaigns).set({ status: "discarded" }).where(eq(campaigns.id, id));
    const removed = await server.call({
      method: "DELETE",
      url: `/api/v1/channels/carrier-channels/${channel._id}`,
      as: "manager",
    });
    expect(removed.json()).toEqual({ success: true, message: "Removed Acme RBM" });
    expect(await counts()).toEqual({ channels: before.channels - 1, claims: before.claims - 1 });
    expect(await server.app.carrier.servesByDefault("rcs", bot)).toBe(true);
  });
});
