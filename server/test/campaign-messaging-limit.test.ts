// The WhatsApp messaging limit's "used" count: unique numbers the WABA started a conversation with in a moving 24
// hours, whichever way the template went out (campaigns, the chat inbox, the public API), each number once, and
// numbers inside their service window (they wrote in) not at all.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import {
  apiMessages,
  campaignRecipients,
  chatMessages,
  conversations,
  inboundMessages,
  wabaPhoneNumbers,
  wabas,
  whatsappTemplates,
} from "../db/schema";
import { insertCampaign } from "./campaign-control-fixtures";
import { dispatchServer, setBalance, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";

let database: Database;
let server: DispatchServer;
let ownerId: string;
let apiKey: string;
let templateId: string;
const WABA = "waba-limit";
const PHONE = "pn-limit";
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  ownerId = await server.id("user");
  await setBalance(db(), ownerId, "1000.00");
  const [waba] = await db().insert(wabas).values({ userId: ownerId, wabaId: WABA, name: "Limit WABA" }).returning();
  await db().insert(wabaPhoneNumbers).values({
    wabaId: waba.id,
    phoneNumberId: PHONE,
    displayPhoneNumber: "+91 98765 00009",
    verifiedName: "Limit Biz",
  });
  const [template] = await db()
    .insert(whatsappTemplates)
    .values({
      userId: ownerId,
      wabaId: WABA,
      name: "limit_hello",
      language: "en_US",
      category: "UTILITY",
      requestedCategory: "UTILITY",
      status: "APPROVED",
      components: [{ type: "BODY", text: "Hello {{1}}" }],
      providerTemplateId: "p-limit",
      submittedAt: new Date(),
    })
    .returning();
  templateId = template.id;
  const key = await server.app.inject({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    headers: { authorization: `Bearer ${await server.token("user")}` },
    payload: { name: "Limit key", scopes: ["messages:send"] },
  });
  apiKey = key.json().data.key as string;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** The pre-send check's messaging limit for a new campaign of this WABA. */
async function limitNow(): Promise<{ limit: number; used: number; headroom: number }> {
  const campaign = await insertCampaign(db(), {
    ownerId,
    channel: "whatsapp",
    templateId,
    wabaId: WABA,
    recipients: 2,
    firstNumber: 900_000,
  });
  const res = await server.app.inject({
    method: "GET",
    url: `/api/v1/campaign-control/${campaign}/check`,
    headers: { authorization: `Bearer ${await server.token("user")}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.messagingLimit;
}

/** A template from the chat inbox, to a customer who has not written (a conversation the business opens). */
async function chatTemplate(number: string): Promise<void> {
  // The public API may have opened it already (its sends are written into the inbox's conversation of the number).
  await db()
    .insert(conversations)
    .values({ userId: ownerId, channel: "whatsapp", customerNumber: number, businessAddress: PHONE })
    .onConflictDoNothing();
  const [conversation] = await db()
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, ownerId),
        eq(conversations.businessAddress, PHONE),
        eq(conversations.customerNumber, number),
      ),
    );
  const res = await server.app.inject({
    method: "POST",
    url: `/api/v1/chats/${conversation.id}/messages`,
    headers: { authorization: `Bearer ${await server.token("user")}` },
    payload: { clientId: randomUUID(), messageType: "template", templateId, params: ["Asha"] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function apiTemplate(number: string): Promise<void> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/public/v1/messages",
    headers: { "x-api-key": apiKey },
    payload: { channel: "whatsapp", to: number, from: PHONE, templateId, variables: ["Asha"] },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("the messaging limit's used count", () => {
  it("counts chat and public-API template sends with campaign sends, each number once, and not numbers that wrote in", async () => {
    expect(await limitNow()).toEqual({ limit: 1000, used: 0, headroom: 1000 });

    // Two numbers, one by the inbox and one by the public API: two fewer.
    await chatTemplate("+919000000101");
    await apiTemplate("+919000000102");
    expect(await limitNow()).toEqual({ limit: 1000, used: 2, headroom: 998 });
    expect(await db().select().from(chatMessages).where(eq(chatMessages.type, "template"))).toHaveLength(1);
    expect(await db().select().from(apiMessages)).toHaveLength(1);

    // The same number again by the other way and by a campaign: still counted once.
    await apiTemplate("+919000000101");
    await chatTemplate("+919000000102");
    const earlier = await insertCampaign(db(), {
      ownerId,
      channel: "whatsapp",
      status: "running",
      templateId,
      wabaId: WABA,
      recipients: 0,
    });
    await db()
      .insert(campaignRecipients)
      .values([
        { campaignId: earlier, userId: ownerId, row: 2, number: "+919000000101", state: "sent", sentAt: new Date() },
        { campaignId: earlier, userId: ownerId, row: 3, number: "+919000000103", state: "sent", sentAt: new Date() },
      ]);
    expect(await limitNow()).toEqual({ limit: 1000, used: 3, headroom: 997 });

    // A customer who wrote in within 24 hours is inside the service window: templates to them are free of the limit.
    await db()
      .insert(inboundMessages)
      .values({
        userId: ownerId,
        channel: "whatsapp",
        from: "+919000000104",
        to: PHONE,
        text: "hi",
        receivedAt: new Date(Date.now() - 600_000),
      });
    await chatTemplate("+919000000104");
    await apiTemplate("+919000000104");
    expect(await limitNow()).toEqual({ limit: 1000, used: 3, headroom: 997 });
  });

  it("does not count another WABA's sends, nor sends older than 24 hours", async () => {
    const before = await limitNow();
    const [other] = await db()
      .insert(wabas)
      .values({ userId: ownerId, wabaId: "waba-limit-other", name: "Other WABA" })
      .returning();
    await db().insert(wabaPhoneNumbers).values({
      wabaId: other.id,
      phoneNumberId: "pn-limit-other",
      displayPhoneNumber: "+91 98765 00010",
      verifiedName: "Other",
    });
    const [conversation] = await db()
      .insert(conversations)
      .values({
        userId: ownerId,
        channel: "whatsapp",
        customerNumber: "+919000000201",
        businessAddress: "pn-limit-other",
      })
      .returning();
    await db()
      .insert(chatMessages)
      .values({ conversationId: conversation.id, userId: ownerId, direction: "out", type: "template", status: "sent" });
    const [mine] = await db()
      .insert(conversations)
      .values({ userId: ownerId, channel: "whatsapp", customerNumber: "+919000000202", businessAddress: PHONE })
      .returning();
    await db()
      .insert(chatMessages)
      .values({
        conversationId: mine.id,
        userId: ownerId,
        direction: "out",
        type: "template",
        status: "sent",
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      });
    expect(await limitNow()).toEqual(before);
  });
});
