import { CONSENT_CHANNELS, CONSENT_PROOF_MAX, CONSENT_PURPOSES, CONSENT_STATUSES } from "../contract/domain/consent";

// An opt-in or opt-out a business's system records through the public API: its method is always "api", so the
// ledger tells it apart from what a person recorded in the console.
export const publicConsent = {
  title: "Record consent",
  type: "object",
  additionalProperties: false,
  required: ["channel", "status"],
  properties: {
    channel: { type: "string", title: "Channel", enum: [...CONSENT_CHANNELS] },
    purpose: { type: "string", title: "Purpose", enum: [...CONSENT_PURPOSES], default: "any" },
    status: { type: "string", title: "Status", enum: [...CONSENT_STATUSES] },
    proof: { type: "string", title: "Proof", maxLength: CONSENT_PROOF_MAX, pattern: "^[^\\u0000]*$" },
  },
} as const;
