import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { CallQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns, chatMessages, conversations, suppressions } from "../../db/schema";
import { conversationReach } from "./conversations";
import { chatMessageRecords } from "./campaign-messages";
import { type ChatMessageOut, type ConversationOut, type ConversationRow } from "./records";
import type { ChatWorkspace } from "./workspace";

/** A page of a conversation, oldest first: the latest `limit`, or those before / after an id. */
export async function conversationMessages(
  db: Db,
  conversationId: string,
  query: CallQuery<"chats.messages">,
  linkKey: Buffer,
): Promise<{ data: ChatMessageOut[]; hasMore: boolean }> {
  const limit = query.limit ?? 50;
  const base = eq(chatMessages.conversationId, conversationId);
  if (query.after) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(base, gt(chatMessages.id, Number(query.after))))
      .orderBy(asc(chatMessages.id))
      .limit(limit + 1);
    return { data: await chatMessageRecords(db, rows.slice(0, limit), linkKey), hasMore: rows.length > limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(base, query.before ? lt(chatMessages.id, Number(query.before)) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return { data: await chatMessageRecords(db, rows.slice(0, limit).reverse(), linkKey), hasMore: rows.length > limit };
}

/** Every message the caller may see after an id, across conversations: the catch-up after a reconnect. */
export async function syncMessages(
  db: Db,
  ws: ChatWorkspace,
  after: string,
  limit: number,
  linkKey: Buffer,
): Promise<{ data: ChatMessageOut[]; hasMore: boolean }> {
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.userId, ws.ownerId), gt(chatMessages.id, Number(after)), conversationReach(ws)))
    .orderBy(asc(chatMessages.id))
    .limit(limit + 1);
  return {
    data: await chatMessageRecords(
      db,
      rows.slice(0, limit).map((r) => r.message),
      linkKey,
    ),
    hasMore: rows.length > limit,
  };
}

/** The details panel: opt-out state and the campaigns that messaged this number. */
export async function customerOf(db: Db, conversation: ConversationRow) {
  const [suppressed] = await db
    .select({ reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.userId, conversation.userId), eq(suppressions.number, conversation.customerNumber)));
  const inCampaigns = await db
    .select({
      _id: campaigns.id,
      name: campaigns.name,
      channel: campaigns.channel,
      state: campaignRecipients.state,
      sentAt: campaignRecipients.sentAt,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaigns.userId, conversation.userId), eq(campaignRecipients.number, conversation.customerNumber)))
    .orderBy(desc(campaignRecipients.id))
    .limit(20);
  const [stats] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id));
  return {
    number: conversation.customerNumber,
    channel: conversation.channel as ConversationOut["channel"],
    optedOut: Boolean(suppressed),
    optOutReason: suppressed?.reason ?? null,
    campaigns: inCampaigns.map((c) => ({
      ...c,
      channel: c.channel as ConversationOut["channel"],
      sentAt: c.sentAt ? new Date(c.sentAt).toISOString() : null,
    })),
    firstSeenAt: new Date(conversation.createdAt).toISOString(),
    messageCount: stats?.n ?? 0,
  };
}
