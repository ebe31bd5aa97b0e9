import { and, asc, desc, eq, gt, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { CallQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns, chatMessages, conversations, suppressions } from "../../db/schema";
import { conversationReach, conversationRecords, likeEscape } from "./conversations";
import { chatMessageRecords } from "./campaign-messages";
import { type ChatMessageOut, type ConversationOut, type ConversationRow } from "./records";
import type { ChatWorkspace } from "./workspace";

type ListQuery = CallQuery<"chats.list">;

/** The inbox list: newest activity first, by channel, scope, status and a search on the number or the last message. */
export async function listConversations(db: Db, ws: ChatWorkspace, query: ListQuery) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const scope = query.scope ?? "all";
  const filters: (SQL | undefined)[] = [conversationReach(ws)];
  // An owner is not an agent: nothing is assigned to it, so its "mine" is empty.
  if (scope === "mine") filters.push(ws.agentId ? eq(conversations.assignedAgentId, ws.agentId) : sql`false`);
  if (scope === "unassigned") filters.push(isNull(conversations.assignedAgentId));
  if (query.status) filters.push(eq(conversations.status, query.status));
  if (query.q?.trim()) {
    const like = likeEscape(query.q.trim());
    filters.push(or(ilike(conversations.customerNumber, like), ilike(conversations.lastMessageText, like)));
  }
  const where = and(...filters, query.channel ? eq(conversations.channel, query.channel) : undefined);
  const [rows, [count], unreadRows] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(where),
    // Unread per channel ignores the channel filter: the tabs show every channel's count.
    db
      .select({ channel: conversations.channel, n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
      .from(conversations)
      .where(and(...filters))
      .groupBy(conversations.channel),
  ]);
  const unread = { whatsapp: 0, sms: 0, rcs: 0 };
  for (const r of unreadRows) if (r.channel in unread) unread[r.channel as keyof typeof unread] = r.n;
  const total = count?.n ?? 0;
  return {
    data: await conversationRecords(db, ws.ownerId, rows),
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    unread,
  };
}

/** A page of a conversation, oldest first: the latest `limit`, or those before / after an id. */
export async function conversationMessages(
  db: Db,
  conversationId: string,
  query: CallQuery<"chats.messages">,
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
    return { data: await chatMessageRecords(db, rows.slice(0, limit)), hasMore: rows.length > limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(base, query.before ? lt(chatMessages.id, Number(query.before)) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return { data: await chatMessageRecords(db, rows.slice(0, limit).reverse()), hasMore: rows.length > limit };
}

/** Every message the caller may see after an id, across conversations: the catch-up after a reconnect. */
export async function syncMessages(
  db: Db,
  ws: ChatWorkspace,
  after: string,
  limit: number,
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
