import { CHAT_TEXT_MAX } from "../contract/domain/chats";
import { CAMPAIGN_CHANNELS } from "../contract/constants";

const NO_NUL = "^[^\\u0000]*$";

/** What one channel of a message sends: a template with its values, or text where the channel allows it. */
const CONTENT = {
  channel: { type: "string", title: "Channel", enum: [...CAMPAIGN_CHANNELS] },
  from: {
    type: "string",
    title: "Sender",
    description: "SMS header, WhatsApp phone number id or RCS bot id of the account; left out, the account's first.",
    minLength: 1,
    maxLength: 64,
    pattern: NO_NUL,
  },
  templateId: { type: "string", title: "Template id", format: "uuid" },
  variables: {
    type: "array",
    title: "Template values, in order",
    maxItems: 30,
    items: { type: "string", maxLength: 1000, pattern: NO_NUL },
  },
  text: { type: "string", title: "Text", minLength: 1, maxLength: CHAT_TEXT_MAX, pattern: NO_NUL },
} as const;

/** The public API's message: to one number, on a channel, with an optional fallback chain (rcs → whatsapp → sms). */
export const publicMessage = {
  title: "Send a message",
  type: "object",
  additionalProperties: false,
  required: ["channel", "to"],
  properties: {
    ...CONTENT,
    to: {
      type: "string",
      title: "Recipient",
      description: "A phone number; without a country code it is read as Indian.",
      minLength: 3,
      maxLength: 32,
      pattern: "^[0-9+()\\s.-]+$",
    },
    reference: { type: "string", title: "Your reference", maxLength: 100, pattern: NO_NUL },
    fallback: {
      type: "array",
      title: "Fallback channels",
      description: "Tried in order when the channel before refuses or fails the message.",
      maxItems: 2,
      items: { type: "object", additionalProperties: false, required: ["channel"], properties: CONTENT },
    },
  },
} as const;
