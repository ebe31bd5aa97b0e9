// Conversational RBM agents are billed per 24-hour conversation (Google's billing FAQ, quoted in
// contract/domain/charging.ts): a person's reply within 24 hours of the agent's message starts one; the agent's
// messages to that person in the day before become part of it (their per-message charges come back), the
// conversation's flat rate is charged once, and the agent's messages inside it cost nothing. Through the real server,
// the sandbox's replying numbers (contract/domain/sandbox-numbers.ts: +91 90000 0006x reply), campaigns and the
// public API alike; a non-conversational agent is billed per message whatever the person answers.
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES, RBM_CONVERSATION_MS } from "../../contract/domain/charging";
import type { Database } from "../db/client";
import {
  apiMessages,
  balanceLedger,
  campaignRecipients,
  campaigns,
  consentEvents,
  rcsBots,
  rcsConversations,
  suppressions,
} from "../db/schema";
import { startRcsConversations } from "../services/campaigns/rcs-conversations";
import {
  balanceOf,
  dispatchServer,
  fastSandbox,
  insertCampaign,
  setBalance,
  until,
  type DispatchServer,
} from "./campaign-fixtures";
import { rcsSetup } from "./campaign-control-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

const DELIVERED = "+919000000001";
const REPLIES = ["+919000000060", "+919000000061", "+919000000062"];
// Delivered, never answered: its replies are played here by calling the service.
const SILENT_AFTER_DELIVERY = "+919000000002";
// The templates say "Hi": an RBM basic message.
const BASIC = DEFAULT_RATES.rcs_basic;
const CONVERSATION = DEFAULT_RATES.rcs_conversation;

let database: Database;
let server: DispatchServer;
let userId: string;
let conversational: { botId: string; templateId: string };
let perMessage: { botId: string; templateId: string };
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  // Replies come well after the send's outcome is written, as a person's would.
  server = await dispatchServer(database, {
    carrier: fastSandbox("rcs-conversations", { replyMs: { min: 300, max: 400 } }),
  });
  userId = await server.id("user");
  await setBalance(db(), userId, "100.00");
  conversational = await rcsSetup(db(), userId);
  await db().update(rcsBots).set({ billingCategory: "conversational" }).where(eq(rcsBots.id, conversational.botId));
  perMessage = await rcsSetup(db(), userId);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

async function rcsCampaign(bot: { botId: string; templateId: string }, numbers: string[]): Promise<string> {
  const id = await insertCampaign(db(), {
    userId,
    channel: "rcs",
    templateId: bot.templateId,
    templateName: "rcs hi",
    sender: bot.botId,
    numbers,
    holdPaise: numbers.length * DEFAULT_RATES.rcs,
  });
  await db().update(campaigns).set({ botId: bot.botId }).where(eq(campaigns.id, id));
  return id;
}
const recipientsOf = (id: string) =>
  db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
const costByNumber = async (id: string) =>
  Object.fromEntries((await recipientsOf(id)).map((r) => [r.number, r.costPaise]));
const conversationsWith = (number: string) =>
  db().select().from(rcsConversations).where(eq(rcsConversations.number, number));
const completed = (id: string) =>
  until(
    () => db().select().from(campaigns).where(eq(campaigns.id, id)),
    ([c]) => c.status === "completed",
  );

describe("a conversational RCS bot", () => {
  it("a reply starts a 24-hour conversation: charged once, the answered message's own charge given back", async () => {
    const before = await balanceOf(db(), userId);
    const id = await rcsCampaign(conversational, [DELIVERED, REPLIES[0]]);
    await completed(id);
    const [conversation] = await until(
      () => conversationsWith(REPLIES[0]),
      (rows) => rows.length === 1,
    );
    expect(conversation).toMatchObject({
      userId,
      botId: conversational.botId,
      costPaise: CONVERSATION,
      givenBackPaise: BASIC,
    });
    expect(conversation.endsAt.getTime() - conversation.startedAt.getTime()).toBe(RBM_CONVERSATION_MS);
    // The message answered is part of the conversation; the one nobody answered stays billed on its own.
    await until(
      () => costByNumber(id),
      (costs) => costs[REPLIES[0]] === 0,
    );
    expect(await costByNumber(id)).toEqual({ [DELIVERED]: BASIC, [REPLIES[0]]: 0 });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ spentPaise: BASIC, heldPaise: BASIC });
    const ledger = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.kind, "rcs_conversation")));
    expect(ledger.map((l) => [l.amount, l.note])).toEqual([
      [
        (-CONVERSATION / 100).toFixed(2),
        `RCS conversation with ${REPLIES[0]} (${await botName(conversational.botId)}): 24 hours from their reply`,
      ],
    ]);
    expect(await balanceOf(db(), userId)).toBe(before - BASIC - CONVERSATION);
  });

  it("inside the open conversation the bot's messages cost nothing, and a reply to them starts no second one", async () => {
    const before = await balanceOf(db(), userId);
    const id = await rcsCampaign(conversational, [REPLIES[0], DELIVERED]);
    await completed(id);
    expect(await costByNumber(id)).toEqual({ [REPLIES[0]]: 0, [DELIVERED]: BASIC });
    await until(
      () => recipientsOf(id),
      (rows) => rows.some((r) => r.number === REPLIES[0] && r.state === "replied"),
    );
    // The reply went through the listener after the campaign's own bookkeeping: give its round a moment.
    await new Promise((r) => setTimeout(r, 300));
    expect(await conversationsWith(REPLIES[0])).toHaveLength(1);
    expect(await balanceOf(db(), userId)).toBe(before - BASIC);
  });

  it("the public API: an answered message is given back for the conversation, the next one inside it is free", async () => {
    const key = await apiKey();
    const send = async () => {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/public/v1/messages",
        headers: { "x-api-key": key },
        payload: { channel: "rcs", from: conversational.botId, to: REPLIES[1], text: "Hi" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; cost: number };
    };
    const before = await balanceOf(db(), userId);
    const first = await send();
    expect(first.cost).toBe(BASIC / 100);
    await until(
      () => conversationsWith(REPLIES[1]),
      (rows) => rows.length === 1,
    );
    const [row] = await db().select().from(apiMessages).where(eq(apiMessages.id, first.id));
    expect(row.costPaise).toBe(0);
    const refund = await db()
      .select()
      .from(balanceLedger)
      .where(and(like(balanceLedger.note, `%${first.id}%`), eq(balanceLedger.kind, "api_refund")));
    expect(refund.map((r) => [r.amount, r.note])).toEqual([
      [(BASIC / 100).toFixed(2), `API message in an RCS conversation (charged once for it) (${first.id})`],
    ]);
    // The sandbox's reply is one of its reply texts, STOP among them (1 in 15, by message id), and a STOP answering an
    // API message opts the number out: this test is about the conversation's price, so the answer's words are undone.
    await db()
      .delete(consentEvents)
      .where(and(eq(consentEvents.userId, userId), eq(consentEvents.number, REPLIES[1])));
    await db()
      .delete(suppressions)
      .where(and(eq(suppressions.userId, userId), eq(suppressions.number, REPLIES[1])));
    const second = await send();
    expect(second.cost).toBe(0);
    expect(await balanceOf(db(), userId)).toBe(before - CONVERSATION);
  });
});

describe("a non-conversational RCS bot", () => {
  it("bills every message, answered or not", async () => {
    const before = await balanceOf(db(), userId);
    const id = await rcsCampaign(perMessage, [REPLIES[2]]);
    await completed(id);
    await until(
      () => recipientsOf(id),
      (rows) => rows.every((r) => r.state === "replied"),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await conversationsWith(REPLIES[2])).toEqual([]);
    expect(await costByNumber(id)).toEqual({ [REPLIES[2]]: BASIC });
    expect(
      await startRcsConversations(db(), [{ to: perMessage.botId, number: REPLIES[2], at: new Date() }], DEFAULT_RATES),
    ).toEqual([{ started: false, reason: "not_conversational" }]);
    expect(await balanceOf(db(), userId)).toBe(before - BASIC);
  });
});

describe("starting a conversation", () => {
  it("needs the bot's message within the 24 hours before the reply, and money for the conversation; short of it, the messages stay billed one by one", async () => {
    const id = await rcsCampaign(conversational, [SILENT_AFTER_DELIVERY]);
    await completed(id);
    const [recipient] = await recipientsOf(id);
    const sentAt = recipient.sentAt ?? new Date();
    const reply = (at: Date) =>
      startRcsConversations(db(), [{ to: conversational.botId, number: recipient.number, at }], DEFAULT_RATES);
    // A day and more after the message: nothing of the bot's to answer.
    expect(await reply(new Date(sentAt.getTime() + RBM_CONVERSATION_MS + 60_000))).toEqual([
      { started: false, reason: "nothing_answered" },
    ]);
    // The balance with the message's charge back still short of the conversation's rate: nothing changes.
    await setBalance(db(), userId, "0.00");
    expect(await reply(new Date())).toEqual([{ started: false, reason: "insufficient_balance" }]);
    expect(await costByNumber(id)).toEqual({ [recipient.number]: BASIC });
    expect(await conversationsWith(recipient.number)).toEqual([]);
    expect(await balanceOf(db(), userId)).toBe(0);
    await setBalance(db(), userId, "1.00");
    expect(await reply(new Date())).toEqual([{ started: true, costPaise: CONVERSATION, givenBackPaise: BASIC }]);
    expect(await balanceOf(db(), userId)).toBe(100 + BASIC - CONVERSATION);
    // Twice the same reply (a provider delivering it again): one conversation.
    expect(await reply(new Date())).toEqual([{ started: false, reason: "open" }]);
    expect(await conversationsWith(recipient.number)).toHaveLength(1);
  });
});

async function botName(id: string): Promise<string> {
  const [bot] = await db().select({ name: rcsBots.name }).from(rcsBots).where(eq(rcsBots.id, id));
  return bot.name;
}

async function apiKey(): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    headers: { authorization: `Bearer ${await server.token("user")}` },
    payload: { name: "RCS conversations", scopes: ["messages:send"] },
  });
  return (res.json() as { data: { key: string } }).data.key;
}
