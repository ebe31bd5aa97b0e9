import type { FastifyInstance } from "fastify";
import { AI_REPLY_JOB } from "../ai/reply-queue";
import { conversationRecord } from "./conversations";
import { receiveInbound } from "./inbound";
import { pushChatMessage, pushConversation, pushStatus } from "./push";
import { applyChatStatus, chatIdOfCarrierId } from "./receipts";

/**
 * The chat side of carrier events, handled one by one as they come (not on the campaign receipts' batch timer): a
 * customer's message reaches the inbox within milliseconds. Campaign bookkeeping of the same events (responses,
 * STOP/START) stays in campaigns/carrier-events.ts. Returns the unsubscribe.
 */
export function startChatEvents(app: FastifyInstance): () => void {
  const { db } = app.database;
  // Events of one conversation are applied in the order they came: a chain per process keeps it simple.
  let chain: Promise<void> = Promise.resolve();
  const later = (task: () => Promise<void>) => {
    chain = chain.then(task).catch((err: unknown) => app.log.error({ err }, "chat event not applied"));
  };
  return app.carrier.onEvent((event) => {
    if (event.type === "inbound") {
      later(async () => {
        const received = await receiveInbound(db, event);
        if (!received) return;
        pushChatMessage(app.io, received.conversation, received.message);
        pushConversation(app.io, received.conversation, await conversationRecord(db, received.conversation));
        // The AI answer runs after the message is written and pushed, in the ai-replies job: woken now rather than at its
        // next tick (twice, so a round already under way cannot have claimed before this message was queued).
        const ai = received.aiQueued ? app.jobs.get(AI_REPLY_JOB) : undefined;
        if (ai) void ai.tick().then(() => ai.tick());
      });
    } else if (event.type === "receipt") {
      const id = chatIdOfCarrierId(event.messageId);
      if (id === null) return;
      later(async () => {
        const applied = await applyChatStatus(db, id, event.status, event.reason ?? null, event.providerMessageId);
        if (applied) pushStatus(app.io, { userId: applied.user_id, assignedAgentId: applied.assigned_agent_id }, { chatId: applied.conversation_id, messageId: String(applied.id), status: applied.status, error: applied.error });
      });
    }
  });
}
