import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import type { ChatMessageRow, ConversationRow } from "../chats/records";

/** The job that answers queued messages (server/jobs/ai-replies.ts), by its name in `app.jobs`. */
export const AI_REPLY_JOB = "ai-replies";

/**
 * Queues customers' text messages for an AI answer, in the transaction that writes them, so a restart loses none. One
 * conditional insert for a batch: nothing is queued unless the account has an agent on the channel switched on and
 * the conversation is not already people's. Answers the ids of the messages queued (the job is then woken).
 */
export async function queueAiReplies(
  tx: Db | Tx,
  received: readonly { conversation: ConversationRow; message: ChatMessageRow }[],
): Promise<Set<number>> {
  const texts = received.filter(
    ({ message }) => message.direction === "in" && message.type === "text" && message.text.trim() !== "",
  );
  if (texts.length === 0) return new Set();
  const queued = await rowsOf<{ message_id: number }>(
    tx,
    sql`
    insert into ai_reply_jobs (user_id, conversation_id, message_id)
    select v.user_id, v.conversation_id, v.message_id
    from unnest(${pgArray(texts.map((t) => t.conversation.userId))}::uuid[], ${pgArray(texts.map((t) => t.conversation.id))}::uuid[],
                ${pgArray(texts.map((t) => String(t.message.id)))}::bigint[], ${pgArray(texts.map((t) => t.conversation.channel))}::text[])
      as v(user_id, conversation_id, message_id, channel)
    where exists (select 1 from ai_agents a where a.user_id = v.user_id and a.enabled and a.channels ? v.channel)
      and not exists (select 1 from ai_conversations c where c.conversation_id = v.conversation_id and c.state = 'handed_off')
    on conflict do nothing
    returning message_id::float8 as message_id`,
  );
  return new Set(queued.map((q) => q.message_id));
}

/** One message: see queueAiReplies. */
export async function queueAiReply(
  tx: Db | Tx,
  conversation: ConversationRow,
  message: ChatMessageRow,
): Promise<boolean> {
  return (await queueAiReplies(tx, [{ conversation, message }])).size > 0;
}
