import { CONFIG_PROPERTIES } from "./ai-fields";

export const aiAgentConfig = {
  title: "Agent configuration",
  type: "object",
  additionalProperties: false,
  required: ["prompt"],
  properties: CONFIG_PROPERTIES,
} as const;
