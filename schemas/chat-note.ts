import { CHAT_TEXT, CLIENT_ID } from "./chat-send";

export const chatNote = {
  title: "Internal note",
  type: "object",
  additionalProperties: false,
  required: ["clientId", "text"],
  properties: {
    clientId: CLIENT_ID,
    text: { ...CHAT_TEXT, minLength: 1 },
  },
} as const;
