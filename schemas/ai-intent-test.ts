import { AI_AGENT_ID, shortText } from "./ai-fields";

export const aiIntentTest = {
  title: "Try a sentence",
  type: "object",
  additionalProperties: false,
  required: ["agentId", "text"],
  properties: { agentId: AI_AGENT_ID, text: { ...shortText("Sentence", 1000), minLength: 1 } },
} as const;
