import { MEDIA_WABA_ID } from "./fields";

export const wabaMediaSession = {
  title: "Upload template header media",
  description:
    "Text fields of the multipart form; the file itself is the part `file`. file_type must match the type read from the bytes.",
  type: "object",
  additionalProperties: false,
  required: ["waba_id", "file_name", "file_type"],
  properties: {
    waba_id: MEDIA_WABA_ID,
    file_name: {
      type: "string",
      title: "File name",
      minLength: 1,
      maxLength: 255,
      pattern: "^[^\\u0000]*$",
    },
    file_type: {
      type: "string",
      title: "File type",
      minLength: 1,
      maxLength: 100,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
