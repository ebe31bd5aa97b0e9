import { CSAT_QUESTION_MAX } from "../contract/domain/csat";

const name = (title: string) => ({ type: ["string", "null"], title, minLength: 1, maxLength: 512 }) as const;

/**
 * An account's CSAT survey on resolve: on or off, the question, and the templates for where free text is refused
 * (WhatsApp outside the 24-hour window: an approved template's name; an Indian DLT SMS route: a registered DLT id).
 */
export const inboxCsat = {
  title: "Customer satisfaction",
  type: "object",
  additionalProperties: false,
  required: ["enabled", "question", "whatsappTemplate", "smsDltTemplateId"],
  properties: {
    enabled: { type: "boolean", title: "Ask for a rating when a conversation is resolved" },
    question: { type: "string", title: "Question", minLength: 1, maxLength: CSAT_QUESTION_MAX, pattern: "\\S" },
    whatsappTemplate: name("WhatsApp template outside the 24-hour window"),
    smsDltTemplateId: name("DLT template id for SMS on a DLT route"),
  },
} as const;
