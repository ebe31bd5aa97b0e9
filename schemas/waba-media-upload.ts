import { MEDIA_WABA_ID } from "./fields";

export const wabaMediaUpload = {
  title: "Upload WhatsApp media",
  description: "Text fields of the multipart form; the file itself is the part `file`.",
  type: "object",
  additionalProperties: false,
  required: ["waba_id"],
  properties: {
    waba_id: MEDIA_WABA_ID,
  },
} as const;
