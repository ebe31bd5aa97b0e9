import { MEDIA_CHANNEL } from "./fields";

export const uploadCreate = {
  title: "Upload media",
  description: "Text fields of the multipart form; the file itself is the part `fileContent`.",
  type: "object",
  additionalProperties: false,
  required: ["channel"],
  properties: {
    channel: MEDIA_CHANNEL,
  },
} as const;
