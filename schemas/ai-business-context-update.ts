import { BUSINESS_CONTEXT_PROPERTIES } from "./ai-business-context";

export const aiBusinessContextUpdate = {
  title: "Edit business context",
  type: "object",
  additionalProperties: false,
  properties: BUSINESS_CONTEXT_PROPERTIES,
} as const;
