import { MEDIA_CHANNEL } from "./fields";

export const uploadDelete = {
  title: "Delete media",
  type: "object",
  additionalProperties: false,
  required: ["channel"],
  properties: {
    channel: MEDIA_CHANNEL,
  },
} as const;
