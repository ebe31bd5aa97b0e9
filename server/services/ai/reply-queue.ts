import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../campaigns/dispatch-sql";
import type { Tx } from "../ledger";
import type { ChatMessageRow, ConversationRow } from "../chats/records";

/** The job that answers queued messages (server/jobs/ai-replies.ts), by its name in `app.jobs`. */
export const AI_REPLY_JOB = "ai-replies";

/**
 * Queues a customer's text message for an AI answer, in the transaction that writes it, so a restart loses none. One
 * conditional insert: nothing is queued unless the account has an agent on the channel switched on and the
 * conversation is not already people's. True when it was queued (the job is then woken).
 */
export async function queueAiReply(tx: Db | Tx, conversation: ConversationRow, message: ChatMessageRow): Promise<boolean> {
  if (message.direction !== "in" || message.type !== "text" || !message.text.trim()) return false;
  const queued = await rowsOf<{ id: number }>(tx, sql`
    insert into ai_reply_jobs (user_id, conversation_id, message_id)
    select ${conversation.userId}, ${conversation.id}, ${message.id}
    where exists (select 1 from ai_agents a where a.user_id = ${conversation.userId} and a.enabled and a.channels ? ${conversation.channel})
      and not exists (select 1 from ai_conversations c where c.conversation_id = ${conversation.id} and c.state = 'handed_off')
    on conflict do nothing
    returning id`);
  return queued.length > 0;
}
