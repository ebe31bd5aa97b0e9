import { sql } from "drizzle-orm";
import type { ChatDeliveryState } from "../../../contract/domain/chats";
import type { ReceiptStatus } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { rowsOf } from "../campaigns/dispatch-sql";

/** Our carrier message id of a chat message: distinct from a campaign recipient's bare number. */
export const chatCarrierId = (id: number | string) => `chat:${id}`;
export const chatIdOfCarrierId = (id: string | undefined): number | null => {
  const match = id ? /^chat:(\d+)$/.exec(id) : null;
  return match ? Number(match[1]) : null;
};

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

/** Applies one receipt (or our own send outcome) to a chat message; null when it would move the ticks back. */
export async function applyChatStatus(db: Db, id: number, status: ReceiptStatus | "sent", error: string | null, providerMessageId?: string): Promise<AppliedReceipt | null> {
  const [row] = await rowsOf<AppliedReceipt>(
    db,
    sql`update chat_messages m set status = ${status}, error = ${status === "failed" ? error : null},
          provider_message_id = coalesce(m.provider_message_id, ${providerMessageId ?? null})
        from conversations c
        where m.id = ${id} and c.id = m.conversation_id and m.direction = 'out'
          and (case when ${status} = 'failed' then m.status in ('pending', 'sent')
                    else m.status <> 'failed' and array_position(${RANK_SQL}, m.status) < array_position(${RANK_SQL}, ${status}::text) end)
        returning m.id::float8 as id, m.conversation_id, m.user_id, c.assigned_agent_id, m.status, m.error`,
  );
  return row ?? null;
}
