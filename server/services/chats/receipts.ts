import { sql } from "drizzle-orm";
import type { ChatChannel, ChatDeliveryState } from "../../../contract/domain/chats";
import type { ReceiptStatus } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { enqueueWebhookEvent } from "../webhooks/enqueue";
import { anyWebhooksWanted } from "../webhooks/subscribers";

/** Our carrier message id of a chat message: distinct from a campaign recipient's bare number. */
export const chatCarrierId = (id: number | string) => `chat:${id}`;
export const chatIdOfCarrierId = (id: string | undefined): number | null => {
  const match = id ? /^chat:(\d+)$/.exec(id) : null;
  return match ? Number(match[1]) : null;
};

/** Our outgoing chat messages by the provider's ids (receipts of providers that echo nothing of ours back). */
export async function chatIdsOfProviderIds(db: Db, providerIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await rowsOf<{ id: number; pmid: string }>(
    db,
    sql`select id::float8 as id, provider_message_id as pmid from chat_messages
        where provider_message_id = any(${pgArray([...new Set(providerIds)])}::text[]) and direction = 'out'`,
  );
  return new Map(rows.map((r) => [r.pmid, Number(r.id)]));
}

// Ticks only move forward: pending < sent < delivered < read; failed overrides pending and sent only.
const RANK_SQL = sql.raw(`array['pending','sent','delivered','read']::text[]`);

export interface AppliedReceipt {
  id: number;
  conversation_id: string;
  user_id: string;
  assigned_agent_id: string | null;
  status: ChatDeliveryState;
  error: string | null;
}

interface AppliedRow extends AppliedReceipt {
  channel: ChatChannel;
  customer_number: string;
}

/**
 * Applies one receipt (or our own send outcome) to a chat message; null when it would move the ticks back. A tick
 * that moved is a `message.status` webhook event, in the same transaction when some account listens for them.
 */
export async function applyChatStatus(
  db: Db,
  id: number,
  status: ReceiptStatus | "sent",
  error: string | null,
  providerMessageId?: string,
): Promise<AppliedReceipt | null> {
  const apply = async (q: Db | Tx): Promise<AppliedReceipt | null> => {
    const [row] = await rowsOf<AppliedRow>(
      q,
      sql`update chat_messages m set status = ${status}, error = ${status === "failed" ? error : null},
            provider_message_id = coalesce(m.provider_message_id, ${providerMessageId ?? null})
          from conversations c
          where m.id = ${id} and c.id = m.conversation_id and m.direction = 'out'
            and (case when ${status} = 'failed' then m.status in ('pending', 'sent')
                      else m.status <> 'failed' and array_position(${RANK_SQL}, m.status) < array_position(${RANK_SQL}, ${status}::text) end)
          returning m.id::float8 as id, m.conversation_id, m.user_id, c.assigned_agent_id, m.status, m.error, c.channel, c.customer_number`,
    );
    if (!row) return null;
    const { channel, customer_number: to, ...applied } = row;
    await enqueueWebhookEvent(q, applied.user_id, "message.status", {
      source: "conversation",
      messageId: String(applied.id),
      conversationId: applied.conversation_id,
      channel,
      to,
      status,
      ...(status === "failed" ? { error: { code: null, reason: applied.error } } : {}),
      at: new Date().toISOString(),
    });
    return applied;
  };
  if (!anyWebhooksWanted("message.status")) return apply(db);
  return db.transaction((tx) => apply(tx));
}
