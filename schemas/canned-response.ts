import {
  CANNED_BODY_MAX,
  CANNED_CODE_MAX,
  CANNED_CODE_PATTERN,
  CANNED_TITLE_MAX,
} from "../contract/domain/canned-responses";

/** A canned response: create and edit send the whole of it. */
export const cannedResponse = {
  title: "Canned response",
  type: "object",
  additionalProperties: false,
  required: ["code", "title", "body"],
  properties: {
    code: {
      type: "string",
      title: "Short code",
      description: "Typed after / in the composer: lower-case letters, digits, _ and -",
      minLength: 1,
      maxLength: CANNED_CODE_MAX,
      pattern: CANNED_CODE_PATTERN,
    },
    title: { type: "string", title: "Title", minLength: 1, maxLength: CANNED_TITLE_MAX, pattern: "\\S" },
    body: {
      type: "string",
      title: "Message",
      description: "{{name}} or {{contact.city|there}} are filled from the customer's contact",
      minLength: 1,
      maxLength: CANNED_BODY_MAX,
      pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
    },
    channel: {
      type: ["string", "null"],
      title: "Channel",
      description: "Offered only in conversations of this channel (empty: every channel)",
      enum: ["whatsapp", "sms", "rcs", null],
    },
    smsTemplateId: {
      type: ["string", "null"],
      title: "Registered SMS template",
      description: "On an SMS route with a DLT entity only responses tied to a registered template are offered",
      pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    },
  },
} as const;
