import { CHAT_MESSAGE_TYPES, CHAT_TEXT_MAX } from "../contract/domain/chats";

/**
 * Shared by the socket's 'message' (SPEC 3) and chats.send; what each type needs besides this is checked by the server.
 */
export const CLIENT_ID = {
  type: "string",
  title: "Client id",
  description: "The sending console's id for this message: sending it again is answered with the stored message.",
  minLength: 1,
  maxLength: 64,
  pattern: "^[A-Za-z0-9_.:-]+$",
} as const;

export const CHAT_TEXT = {
  type: "string",
  title: "Message",
  maxLength: CHAT_TEXT_MAX,
  pattern: "^[^\\u0000]*$",
} as const;

export const chatSend = {
  title: "Send a message",
  type: "object",
  additionalProperties: false,
  required: ["clientId", "messageType"],
  properties: {
    clientId: CLIENT_ID,
    messageType: { type: "string", title: "Type", enum: [...CHAT_MESSAGE_TYPES] },
    text: CHAT_TEXT,
    mediaUrl: { type: "string", title: "Media URL", maxLength: 2000, pattern: "^(https?://|/api/)[^\\s\\u0000]+$" },
    mimeType: { type: "string", title: "Media type", maxLength: 100, pattern: "^[a-z]+/[A-Za-z0-9.+-]+$" },
    fileName: { type: "string", title: "File name", maxLength: 200, pattern: "^[^\\u0000/\\\\]*$" },
    latitude: { type: "number", title: "Latitude", minimum: -90, maximum: 90 },
    longitude: { type: "number", title: "Longitude", minimum: -180, maximum: 180 },
    attachmentId: {
      type: "string",
      title: "Attachment",
      description:
        "A file attached to this conversation (chats.attach): sent as the image, video, audio, sticker or document.",
      pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    },
    locationName: { type: "string", title: "Place", maxLength: 200, pattern: "^[^\\u0000]*$" },
    templateId: { type: "string", title: "Template", minLength: 1, maxLength: 64, pattern: "^[^\\u0000]*$" },
    params: {
      type: "array",
      title: "Template values",
      maxItems: 20,
      items: { type: "string", maxLength: 1000, pattern: "^[^\\u0000]*$" },
    },
    headerMediaId: {
      type: "string",
      title: "Header media",
      description:
        "A WhatsApp template with an image, video or document header: the uploaded file to send as its header (leave out to send the template's own).",
      pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    },
  },
} as const;
