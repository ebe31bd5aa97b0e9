// The bell's side of conversations: who hears of one (the people its socket rooms reach) and what they are told.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { ChatChannel } from "../../../contract/domain/chats";
import { liveAgents } from "../../db/schema";
import { notifyMany, type NewNotification, type NotificationOut, type NotifyContext } from "../notifications/notify";
import type { ChatMessageRow, ConversationRow } from "./records";

type Audience = Pick<ConversationRow, "id" | "userId" | "assignedAgentId">;

const CHANNEL_LABEL: Record<ChatChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };
const chatLink = (conversationId: string) => `chats?chat=${encodeURIComponent(conversationId)}`;

/** SPEC 4: a customer's message: who wrote on which channel and what (the bell opens the conversation). */
export function inboundNotice(
  conversation: Pick<ConversationRow, "id" | "channel" | "customerNumber">,
  message: Pick<ChatMessageRow, "id" | "text" | "type">,
): NewNotification {
  return {
    kind: "chat",
    key: `chat:${message.id}`,
    title: `${conversation.customerNumber} · ${CHANNEL_LABEL[conversation.channel as ChatChannel] ?? conversation.channel}`,
    body: message.text || `New ${message.type} message`,
    link: chatLink(conversation.id),
  };
}

/** An AI agent gave a conversation to people: the team is asked to take it. */
export function handoffNotice(
  conversation: Pick<ConversationRow, "id" | "customerNumber">,
  messageId: number,
  agentName: string,
  why: string,
): NewNotification {
  return {
    kind: "handoff",
    key: `handoff:${messageId}`,
    title: `${conversation.customerNumber} needs a person`,
    body: `${agentName} handed the conversation to the team: ${why}.`,
    link: chatLink(conversation.id),
  };
}

/**
 * Notifies the people of each conversation: its owner, and its agent when assigned or else every active agent of
 * the team with a sign-in (the same people conversationRooms reaches), so nobody hears of a conversation they
 * cannot open. One read of the teams and one write for the lot.
 */
export async function notifyConversations(
  ctx: NotifyContext,
  items: readonly { conversation: Audience; note: NewNotification }[],
): Promise<NotificationOut[]> {
  if (items.length === 0) return [];
  const owners = [...new Set(items.map((i) => i.conversation.userId))];
  const agents = await ctx.db
    .select({ id: liveAgents.id, ownerId: liveAgents.ownerId, userId: liveAgents.userId })
    .from(liveAgents)
    .where(and(inArray(liveAgents.ownerId, owners), eq(liveAgents.status, "active"), isNotNull(liveAgents.userId)));
  const out = items.flatMap(({ conversation: c, note }) => {
    const team = agents.filter(
      (a) => a.ownerId === c.userId && (c.assignedAgentId === null || a.id === c.assignedAgentId),
    );
    return [c.userId, ...team.flatMap((a) => (a.userId ? [a.userId] : []))].map((userId) => ({ userId, note }));
  });
  return notifyMany(ctx, out);
}
