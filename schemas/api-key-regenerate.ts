import { REGENERATE_GRACE_SECONDS } from "../contract/domain/api-keys";

/** A new secret for a key; the old one stops at once or after the grace period chosen. */
export const apiKeyRegenerate = {
  title: "Regenerate the API key",
  type: "object",
  additionalProperties: false,
  required: ["graceSeconds"],
  properties: {
    graceSeconds: {
      type: "integer",
      title: "The old secret stops working",
      enum: [...REGENERATE_GRACE_SECONDS],
    },
  },
} as const;
