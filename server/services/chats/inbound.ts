import { sql } from "drizzle-orm";
import type { CarrierEvent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { chatMessages, conversations } from "../../db/schema";
import { queueAiReplies } from "../ai/reply-queue";
import { pgArray, rowsOf } from "../campaigns/dispatch-sql";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { enqueueEvents } from "../workflows/events";
import { ownersOfAddresses } from "./addresses";
import { previewOf, type ChatMessageRow, type ConversationRow } from "./records";

export type Inbound = Extract<CarrierEvent, { type: "inbound" }>;

export interface Received {
  conversation: ConversationRow;
  message: ChatMessageRow;
  /** An AI agent's answer to it was queued (the ai-replies job is then woken). */
  aiQueued: boolean;
}

/** Conversations are per account, business address and customer. */
const conversationKey = (ownerId: string, e: Inbound) => `${ownerId}|${e.channel}|${e.to}|${e.from}`;
const answerKey = (ownerId: string, channel: string, number: string) => `${ownerId}|${channel}|${number}`;

/**
 * For each (account, customer number, channel): the latest campaign of the account that messaged the number on that
 * channel. A reply to it is also a campaign response, and the conversation links it. One statement for a batch.
 */
async function answeredCampaigns(db: Db, asks: readonly { ownerId: string; number: string; channel: string }[]): Promise<Map<string, string>> {
  if (asks.length === 0) return new Map();
  const rows = await rowsOf<{ owner: string; number: string; channel: string; campaign_id: string }>(
    db,
    sql`select v.owner::text as owner, v.number, v.channel, m.campaign_id
        from unnest(${pgArray(asks.map((a) => a.ownerId))}::uuid[], ${pgArray(asks.map((a) => a.number))}::text[], ${pgArray(asks.map((a) => a.channel))}::text[])
          as v(owner, number, channel)
        join lateral (
          select r.campaign_id from campaign_recipients r join campaigns c on c.id = r.campaign_id
          where r.user_id = v.owner and r.number = v.number and c.channel = v.channel and r.state not in ('queued', 'sending', 'skipped')
          order by r.id desc limit 1
        ) m on true`,
  );
  return new Map(rows.map((r) => [answerKey(r.owner, r.channel, r.number), r.campaign_id]));
}

/**
 * Customers' messages become part of their conversations: each the one of the account owning the address it was
 * sent to, opened (or reopened, if resolved) with one more unread per message. A batch costs a fixed handful of
 * statements whatever its size (owners, answered campaigns, one upsert, one insert), which is what lets the inbox keep
 * up with hundreds of messages a second on PGlite. Messages to an address nobody here owns are left out; the rest are
 * returned in the order they came.
 */
export async function receiveInbound(db: Db, events: readonly Inbound[]): Promise<Received[]> {
  const owners = await ownersOfAddresses(db, events.map((e) => ({ channel: e.channel, address: e.to })));
  const owned = events.flatMap((event) => {
    const owner = owners.get(`${event.channel}|${event.to}`);
    return owner ? [{ event, ownerId: owner.ownerId }] : [];
  });
  if (owned.length === 0) return [];
  const campaignOf = await answeredCampaigns(db, owned.map(({ event, ownerId }) => ({ ownerId, number: event.from, channel: event.channel })));
  const campaignFor = (ownerId: string, e: Inbound) => campaignOf.get(answerKey(ownerId, e.channel, e.from)) ?? null;

  // One row per conversation (an upsert may not touch a row twice): its count of new messages and its latest one.
  const perConversation = new Map<string, { ownerId: string; latest: Inbound; count: number }>();
  for (const { event, ownerId } of owned) {
    const key = conversationKey(ownerId, event);
    const seen = perConversation.get(key);
    if (!seen) perConversation.set(key, { ownerId, latest: event, count: 1 });
    else {
      seen.count++;
      if (event.at >= seen.latest.at) seen.latest = event;
    }
  }
  const typeOf = (e: Inbound): "image" | "text" => (e.mediaUrl ? "image" : "text");

  return db.transaction(async (tx) => {
    const upserted = await tx
      .insert(conversations)
      .values(
        [...perConversation.values()].map(({ ownerId, latest, count }) => ({
          userId: ownerId, channel: latest.channel, customerNumber: latest.from, businessAddress: latest.to, lastInboundAt: latest.at,
          lastMessageAt: latest.at, lastMessageText: previewOf(typeOf(latest), latest.text), unreadCount: count, campaignId: campaignFor(ownerId, latest),
        })),
      )
      .onConflictDoUpdate({
        target: [conversations.userId, conversations.channel, conversations.businessAddress, conversations.customerNumber],
        set: {
          status: "open", resolvedAt: null, lastInboundAt: sql`excluded.last_inbound_at`, lastMessageAt: sql`excluded.last_message_at`,
          lastMessageText: sql`excluded.last_message_text`, unreadCount: sql`${conversations.unreadCount} + excluded.unread_count`,
          campaignId: sql`coalesce(${conversations.campaignId}, excluded.campaign_id)`,
        },
      })
      .returning();
    const byKey = new Map(upserted.map((c) => [`${c.userId}|${c.channel}|${c.businessAddress}|${c.customerNumber}`, c]));
    const conversationOf = (ownerId: string, e: Inbound): ConversationRow => {
      const conversation = byKey.get(conversationKey(ownerId, e));
      if (!conversation) throw new Error("conversation upsert returned no row for an inbound message");
      return conversation;
    };
    const inserted = await tx
      .insert(chatMessages)
      .values(
        owned.map(({ event, ownerId }) => ({
          conversationId: conversationOf(ownerId, event).id, userId: ownerId, direction: "in" as const, type: typeOf(event), text: event.text,
          body: event.mediaUrl ? { mediaUrl: event.mediaUrl } : {}, campaignId: campaignFor(ownerId, event), createdAt: event.at,
        })),
      )
      .returning();
    // Ids are drawn in the order the rows were listed: sorting by id gives back the order of `owned`.
    const messages = inserted.sort((a, b) => a.id - b.id);
    if (messages.length !== owned.length) throw new Error("chat message insert returned a different number of rows");
    const pairs = owned.map(({ event, ownerId }, i) => ({ conversation: conversationOf(ownerId, event), message: messages[i] as ChatMessageRow }));
    // AI agents' answers are queued with the messages (nothing where the account has no agent on the channel).
    const aiQueued = await queueAiReplies(tx, pairs);
    const received = pairs.map((pair) => ({ ...pair, aiQueued: aiQueued.has(pair.message.id) }));
    // Workflow triggers ride in the same transaction as durable rows; the workflow-events job starts the runs later.
    await enqueueEvents(tx, received.map(({ conversation, message }) => ({
      ownerId: conversation.userId, kind: "inbound",
      payload: {
        channel: conversation.channel, to: conversation.businessAddress, from: conversation.customerNumber, text: message.text,
        messageId: String(message.id), conversationId: conversation.id, receivedAt: message.createdAt.toISOString(),
      },
    })));
    // message.inbound webhooks too (written only for accounts with an endpoint that wants them).
    await enqueueWebhookEvents(tx, received.map(({ conversation, message }, i) => {
      const { event } = owned[i] as (typeof owned)[number];
      return {
        ownerId: conversation.userId, type: "message.inbound" as const,
        data: {
          messageId: String(message.id), conversationId: conversation.id, channel: event.channel, from: event.from, to: event.to, text: event.text,
          ...(event.mediaUrl ? { mediaUrl: event.mediaUrl } : {}), ...(message.campaignId ? { campaignId: message.campaignId } : {}),
          receivedAt: event.at.toISOString(),
        },
      };
    }));
    return received;
  });
}
