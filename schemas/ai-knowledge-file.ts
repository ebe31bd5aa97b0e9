import { AI_AGENT_ID, INTENT_NAME } from "./ai-fields";

/** The text fields of a knowledge file upload (multipart; the file is the part `file`). */
export const aiKnowledgeFile = {
  title: "Knowledge file",
  type: "object",
  additionalProperties: false,
  properties: {
    title: { type: "string", title: "Title", maxLength: 200, pattern: "^[^\\u0000]*$" },
    agentId: AI_AGENT_ID,
    intent: INTENT_NAME,
  },
} as const;
