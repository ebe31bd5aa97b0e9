import { AI_ID } from "./ai-fields";

export const aiConfigDefault = {
  title: "Default configuration",
  type: "object",
  additionalProperties: false,
  required: ["configId"],
  properties: { configId: { ...AI_ID, title: "Configuration" } },
} as const;
