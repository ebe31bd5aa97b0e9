import { shortText } from "./ai-fields";

export const aiPlayground = {
  title: "Ask the agent",
  type: "object",
  additionalProperties: false,
  required: ["message"],
  properties: { message: { ...shortText("Message", 4096), minLength: 1 } },
} as const;
