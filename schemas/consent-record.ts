import {
  CONSENT_CHANNELS,
  CONSENT_PROOF_MAX,
  CONSENT_PURPOSES,
  CONSENT_STATUSES,
  RECORDABLE_METHODS,
} from "../contract/domain/consent";

// An opt-in or opt-out recorded by hand or through the API; keyword replies and provider errors are recorded by the
// channels themselves, so they are not methods a person can choose.
export const consentRecord = {
  title: "Record consent",
  type: "object",
  additionalProperties: false,
  required: ["channel", "status", "method"],
  properties: {
    channel: { type: "string", title: "Channel", enum: [...CONSENT_CHANNELS] },
    purpose: { type: "string", title: "Purpose", enum: [...CONSENT_PURPOSES], default: "any" },
    status: { type: "string", title: "Status", enum: [...CONSENT_STATUSES] },
    method: { type: "string", title: "How", enum: [...RECORDABLE_METHODS] },
    proof: { type: "string", title: "Proof", maxLength: CONSENT_PROOF_MAX, pattern: "^[^\\u0000]*$" },
  },
} as const;
