import { AGENT_PROPERTIES, withoutDefaults } from "./ai-fields";

export const aiAgentUpdate = {
  title: "Edit AI agent",
  type: "object",
  additionalProperties: false,
  properties: withoutDefaults(AGENT_PROPERTIES),
} as const;
