import { AI_LIMITS } from "../contract/domain/ai";
import { AI_AGENT_ID, AI_NAME, INTENT_NAME, shortText } from "./ai-fields";
import { FAQ_PAIRS } from "./ai-knowledge";

/** Empty `agentId` or `intent` clears it; new `content` or `faqs` replaces the passages. */
export const aiKnowledgeUpdate = {
  title: "Edit knowledge",
  type: "object",
  additionalProperties: false,
  properties: {
    title: { ...AI_NAME, title: "Title", maxLength: 200 },
    content: shortText("Text", AI_LIMITS.knowledgeTextMax),
    faqs: FAQ_PAIRS,
    agentId: { ...AI_AGENT_ID, minLength: 0 },
    intent: { type: "string", title: "Intent", maxLength: INTENT_NAME.maxLength, pattern: "^$|^[a-z0-9][a-z0-9_-]*$" },
  },
} as const;
