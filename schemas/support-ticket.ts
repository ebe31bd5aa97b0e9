import { SUPPORT_BODY_MAX, SUPPORT_KINDS, SUPPORT_SUBJECT_MAX } from "../contract/domain/support";

/** Text with something besides blanks in it. */
const NOT_BLANK = "\\S";

export const SUPPORT_BODY = {
  type: "string",
  title: "Message",
  minLength: 1,
  maxLength: SUPPORT_BODY_MAX,
  pattern: NOT_BLANK,
} as const;

export const supportTicket = {
  title: "Support ticket",
  type: "object",
  additionalProperties: false,
  required: ["kind", "subject", "body"],
  properties: {
    kind: { type: "string", title: "Kind", enum: SUPPORT_KINDS },
    subject: { type: "string", title: "Subject", minLength: 1, maxLength: SUPPORT_SUBJECT_MAX, pattern: NOT_BLANK },
    body: SUPPORT_BODY,
  },
} as const;
