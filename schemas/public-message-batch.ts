import { PUBLIC_BATCH_MAX } from "../contract/domain/api-keys";
import { publicMessage } from "./public-message";

/** Up to 1,000 messages in one request: all are accepted (and paid for) together, or none. */
export const publicMessageBatch = {
  title: "Send messages",
  type: "object",
  additionalProperties: false,
  required: ["messages"],
  properties: {
    messages: { type: "array", title: "Messages", minItems: 1, maxItems: PUBLIC_BATCH_MAX, items: publicMessage },
  },
} as const;
