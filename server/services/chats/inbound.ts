import { sql } from "drizzle-orm";
import type { CarrierEvent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { chatMessages, conversations } from "../../db/schema";
import { queueAiReply } from "../ai/reply-queue";
import { rowsOf } from "../campaigns/dispatch-sql";
import { ownerOfAddress } from "./addresses";
import { previewOf, type ChatMessageRow, type ConversationRow } from "./records";

type Inbound = Extract<CarrierEvent, { type: "inbound" }>;

/** The latest campaign of this account that messaged the number on this channel: a reply to it is also a campaign response. */
async function answeredCampaign(db: Db, ownerId: string, event: Inbound): Promise<string | null> {
  const [row] = await rowsOf<{ campaign_id: string }>(
    db,
    sql`select r.campaign_id from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where r.number = ${event.from} and c.user_id = ${ownerId} and c.channel = ${event.channel} and r.state not in ('queued', 'sending', 'skipped')
        order by r.id desc limit 1`,
  );
  return row?.campaign_id ?? null;
}

/**
 * A customer's message becomes part of its conversation: the one of the account owning the address it was sent to,
 * opened (or reopened, if resolved) with one more unread. Null when no account here owns the address.
 */
export async function receiveInbound(db: Db, event: Inbound): Promise<{ conversation: ConversationRow; message: ChatMessageRow; aiQueued: boolean } | null> {
  const owner = await ownerOfAddress(db, event.channel, event.to);
  if (!owner) return null;
  const campaignId = await answeredCampaign(db, owner.ownerId, event);
  const type = event.mediaUrl ? "image" : "text";
  const preview = previewOf(type, event.text);
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        userId: owner.ownerId, channel: event.channel, customerNumber: event.from, businessAddress: event.to, lastInboundAt: event.at,
        lastMessageAt: event.at, lastMessageText: preview, unreadCount: 1, campaignId,
      })
      .onConflictDoUpdate({
        target: [conversations.userId, conversations.channel, conversations.businessAddress, conversations.customerNumber],
        set: {
          status: "open", resolvedAt: null, lastInboundAt: event.at, lastMessageAt: event.at, lastMessageText: preview,
          unreadCount: sql`${conversations.unreadCount} + 1`, campaignId: sql`coalesce(${conversations.campaignId}, excluded.campaign_id)`,
        },
      })
      .returning();
    if (!conversation) throw new Error("conversation upsert returned nothing");
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id, userId: owner.ownerId, direction: "in", type, text: event.text,
        body: event.mediaUrl ? { mediaUrl: event.mediaUrl } : {}, campaignId, createdAt: event.at,
      })
      .returning();
    if (!message) throw new Error("chat message insert returned nothing");
    // An AI agent's answer is queued with the message (nothing when the account has none on the channel).
    return { conversation, message, aiQueued: await queueAiReply(tx, conversation, message) };
  });
}
