// The AI agent hub behind the workflows' one door (services/workflows/ai-bridge.ts): the "AI intent detected" trigger
// and the "Intent is" condition classify with the account's first switched-on agent that has intents, and "Hand to an
// AI agent" gives a conversation to one of the account's agents (the ai-replies job answers its next messages).
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiAgents, aiConversations, aiIntents, conversations } from "../../db/schema";
import type { AiBridge } from "../workflows/ai-bridge";
import { StepError } from "../workflows/messaging";
import { classify } from "./intents";

export const AI_AGENT_NOT_FOUND = "AI agent not found or switched off";

export function hubAiBridge(db: Db): AiBridge {
  return {
    available: true,
    async classify(ownerId, text) {
      const [agent] = await db
        .select()
        .from(aiAgents)
        .where(
          and(
            eq(aiAgents.userId, ownerId),
            eq(aiAgents.enabled, true),
            sql`exists (select 1 from ${aiIntents} i where i.agent_id = ${aiAgents.id})`,
          ),
        )
        .orderBy(asc(aiAgents.createdAt))
        .limit(1);
      if (!agent) return { intent: "", confidence: 0 };
      const result = await classify(db, agent, text);
      return { intent: result.intent ?? "", confidence: result.intent ? result.confidence : 0 };
    },
    async handToAgent(ownerId, conversationId, agentId) {
      const [agent] = await db
        .select({ id: aiAgents.id })
        .from(aiAgents)
        .where(and(eq(aiAgents.id, agentId), eq(aiAgents.userId, ownerId), eq(aiAgents.enabled, true)));
      // A plain step error: the step fails at once with this message, no retries (the agent will not appear by
      // waiting).
      if (!agent) throw new StepError(AI_AGENT_NOT_FOUND);
      const now = new Date();
      await db.transaction(async (tx) => {
        // The conversation leaves the live agent it had (an assigned conversation is people's to the hub).
        await tx
          .update(conversations)
          .set({ assignedAgentId: null })
          .where(and(eq(conversations.id, conversationId), eq(conversations.userId, ownerId)));
        await tx
          .insert(aiConversations)
          .values({ conversationId, userId: ownerId, agentId, state: "active", createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: aiConversations.conversationId,
            set: { agentId, state: "active", reason: null, handedOffAt: null, createdAt: now, updatedAt: now },
          });
      });
    },
  };
}
