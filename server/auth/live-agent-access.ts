import type { AI_AGENT_CALLS } from "../../contract/calls/ai-agents";
import type { CallId } from "../../contract/calls";

/**
 * What a live agent (a sign-in of an account's inbox team, a `live_agents` row) may do with its owner's AI records,
 * call by call. The AI calls keep SPEC 6's roles, and a live agent has role user, so without this it could change
 * and delete the agents, knowledge and intents of the account it answers for. It may read them (the inbox shows what
 * the AI answered and why) and try a classification; everything that writes, or spends the owner's model calls on a
 * logged answer, is refused with 403 before the request's body is looked at (the guard, server/auth/guard.ts).
 * A new AI call does not type-check until it has a line here.
 */
export const LIVE_AGENT_AI_ACCESS: Readonly<Record<keyof typeof AI_AGENT_CALLS, "read" | "none">> = {
  "ai.agents.create": "none",
  "ai.agents.list": "read",
  "ai.agents.get": "read",
  "ai.agents.update": "none",
  "ai.agents.delete": "none",
  // Writes a playground entry in the answer log.
  "ai.agents.playground": "none",
  "ai.agents.answers": "read",
  "ai.agentConfigs.stats": "read",
  "ai.agentConfigs.list": "read",
  // Keeps the enhanced prompt on the default configuration.
  "ai.agentConfigs.enhancePrompt": "none",
  "ai.agentConfigs.setDefault": "none",
  "ai.agentConfigs.createForAgent": "none",
  "ai.agentConfigs.updateForAgent": "none",
  "ai.agentConfigs.deleteForAgent": "none",
  "ai.agentConfigs.validate": "read",
  "ai.agentConfigs.get": "read",
  "ai.agentConfigs.update": "none",
  "ai.agentConfigs.delete": "none",
  "ai.knowledge.create": "none",
  "ai.knowledge.list": "read",
  "ai.knowledge.stats": "read",
  "ai.knowledge.search": "read",
  "ai.knowledge.get": "read",
  "ai.knowledge.update": "none",
  "ai.knowledge.delete": "none",
  "ai.businessContext.create": "none",
  "ai.businessContext.list": "read",
  "ai.businessContext.stats": "read",
  "ai.businessContext.summary": "read",
  "ai.businessContext.search": "read",
  "ai.businessContext.getForAgent": "read",
  "ai.businessContext.updateForAgent": "none",
  "ai.businessContext.validate": "read",
  "ai.businessContext.get": "read",
  "ai.businessContext.update": "none",
  "ai.businessContext.delete": "none",
  "ai.intents.create": "none",
  "ai.intents.list": "read",
  "ai.intents.stats": "read",
  // Classifies a text against the agent's intents and writes nothing.
  "ai.intents.testClassification": "read",
  "ai.intents.bulk": "none",
  "ai.intents.get": "read",
  "ai.intents.update": "none",
  "ai.intents.delete": "none",
  "ai.marketplace.list": "read",
  "ai.marketplace.install": "none",
};

/**
 * Whether a live agent's sign-in may make this call (every call outside the table is not about the owner's AI records).
 */
export function liveAgentMay(id: CallId): boolean {
  return (LIVE_AGENT_AI_ACCESS as Readonly<Record<string, "read" | "none">>)[id] !== "none";
}
