import { SUPPORT_BODY } from "./support-ticket";

export const supportReply = {
  title: "Reply",
  type: "object",
  additionalProperties: false,
  required: ["body"],
  properties: { body: SUPPORT_BODY },
} as const;
