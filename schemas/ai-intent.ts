import { INTENT_PROPERTIES } from "./ai-fields";

export const aiIntent = {
  title: "Intent",
  type: "object",
  additionalProperties: false,
  required: ["agentId", "name", "examples", "action"],
  properties: INTENT_PROPERTIES,
} as const;
