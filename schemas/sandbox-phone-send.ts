import { CHAT_TEXT } from "./chat-send";

export const sandboxPhoneSend = {
  title: "Write as a customer",
  type: "object",
  additionalProperties: false,
  required: ["channel", "address", "number", "text"],
  properties: {
    channel: { type: "string", title: "Channel", enum: ["whatsapp", "sms", "rcs"] },
    address: {
      type: "string",
      title: "Business number or bot",
      minLength: 1,
      maxLength: 100,
      pattern: "^[^\\u0000]*$",
    },
    number: {
      type: "string",
      title: "Customer number",
      description: "In E.164, e.g. +919812345678.",
      pattern: "^\\+[1-9][0-9]{7,14}$",
    },
    text: { ...CHAT_TEXT, minLength: 1 },
    payload: {
      type: "string",
      title: "Tapped reply",
      description:
        "The postbackData of an RCS chip or the id of a WhatsApp reply button the customer tapped, sent beside the text as the providers' webhooks carry it.",
      minLength: 1,
      maxLength: 2048,
      pattern: "^[^\\u0000]*$",
    },
    mediaUrl: {
      type: "string",
      title: "Media URL",
      description:
        "An http(s) link, or a file of up to about 150 KB as a data: URL (the sandbox then delivers it as media).",
      maxLength: 200000,
      pattern: "^(https?://[^\\s\\u0000]+|data:[a-z]+/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+)$",
    },
  },
} as const;
