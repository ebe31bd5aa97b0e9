import { AGENT_PROPERTIES } from "./ai-fields";

export const aiAgent = {
  title: "AI agent",
  type: "object",
  additionalProperties: false,
  required: ["name", "channels", "scope"],
  properties: AGENT_PROPERTIES,
} as const;
