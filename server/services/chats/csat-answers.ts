// A customer's answer to a CSAT survey (issue 40 item 6), taken out of an inbound batch before it is stored as a
// message waiting for an agent: a button title, a chip's text or a lone digit (contract/domain/csat.ts reads it) in a
// conversation still resolved, within CSAT_ANSWER_HOURS of its survey, whose survey has no answer yet. Such a message
// is kept in the thread (the window it opens counts) but does not reopen the conversation, count as unread, wake an AI
// agent or a workflow. Anything else (a second answer, a late one, a reopened conversation) is an ordinary message.
import { eq, sql } from "drizzle-orm";
import { CSAT_ANSWER_HOURS, csatAnswer, csatAnswerClientId } from "../../../contract/domain/csat";
import type { Db } from "../../db/client";
import { chatMessages, conversationEvents, conversations } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { Inbound } from "./inbound";
import { previewOf, type ChatMessageRow, type ConversationRow } from "./records";

/** An answer taken: its thread message and its conversation (as updated), for the push. */
export interface CsatAnswered {
  conversation: ConversationRow;
  message: ChatMessageRow;
  score: number;
}

/** The positions in `owned` of the events taken as answers (stored here); the caller stores the others as usual. */
export async function takeCsatAnswers(
  db: Db,
  owned: readonly { event: Inbound; ownerId: string }[],
  onAnswer?: (answered: CsatAnswered) => void,
): Promise<Set<number>> {
  const taken = new Set<number>();
  for (const [i, { event, ownerId }] of owned.entries()) {
    if (event.media || event.mediaUrl) continue;
    // A button's id (WhatsApp) or a suggestion's postback (RCS) first, the text second (contract/domain/csat.ts).
    const score = csatAnswer(event.text, event.payload);
    if (score === null) continue;
    const since = new Date(event.at.getTime() - CSAT_ANSWER_HOURS * 3_600_000).toISOString();
    const [answered] = await rowsOf<{ id: string; conversation_id: string; agent_id: string | null }>(
      db,
      sql`update csat_surveys s set answer = ${score}, answered_at = ${event.at.toISOString()}::timestamptz
        where s.id = (
          select s2.id from csat_surveys s2 join conversations c on c.id = s2.conversation_id
          where c.user_id = ${ownerId} and c.channel = ${event.channel} and c.business_address = ${event.to}
            and c.customer_number = ${event.from} and c.status = 'resolved'
            and s2.answer is null and s2.sent_at >= ${since}::timestamptz and s2.sent_at <= ${event.at.toISOString()}::timestamptz
          order by s2.sent_at desc limit 1)
          and s.answer is null
        returning s.id::text as id, s.conversation_id::text as conversation_id, s.agent_id::text as agent_id`,
    );
    if (!answered) continue;
    taken.add(i);
    const [message] = await db
      .insert(chatMessages)
      .values({
        conversationId: answered.conversation_id,
        userId: ownerId,
        direction: "in",
        type: "text",
        text: event.text,
        // Marks it as the survey's answer in the thread ("Rated n of 5"), not a message waiting for an agent.
        clientId: csatAnswerClientId(answered.id, score),
        createdAt: event.at,
      })
      .returning();
    const [conversation] = await db
      .update(conversations)
      .set({
        lastInboundAt: sql`greatest(${conversations.lastInboundAt}, ${event.at.toISOString()}::timestamptz)`,
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${event.at.toISOString()}::timestamptz)`,
        lastMessageText: previewOf("text", event.text),
      })
      .where(eq(conversations.id, answered.conversation_id))
      .returning();
    await db.insert(conversationEvents).values({
      conversationId: answered.conversation_id,
      kind: "csat_answered",
      agentId: answered.agent_id,
      actor: "customer",
      note: String(score),
    });
    if (message && conversation) onAnswer?.({ conversation, message, score });
  }
  return taken;
}
