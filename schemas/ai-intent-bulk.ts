import { AI_LIMITS } from "../contract/domain/ai";
import { AI_AGENT_ID, INTENT_PROPERTIES } from "./ai-fields";

const { agentId: _agent, ...ONE } = INTENT_PROPERTIES;

/** Many intents of one agent at once; an intent whose name the agent already has is replaced. */
export const aiIntentBulk = {
  title: "Intents",
  type: "object",
  additionalProperties: false,
  required: ["agentId", "intents"],
  properties: {
    agentId: AI_AGENT_ID,
    intents: {
      type: "array",
      title: "Intents",
      minItems: 1,
      maxItems: AI_LIMITS.intentsPerBulk,
      items: { type: "object", additionalProperties: false, required: ["name", "examples", "action"], properties: ONE },
    },
  },
} as const;
