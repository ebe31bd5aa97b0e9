import { CONTACT_UPSERT_MAX } from "../contract/domain/contacts";
import { contactCreate } from "./contact-create";

/**
 * Up to 1,000 contacts keyed by number: a new number becomes a contact, a known one takes the fields sent (those left
 * out stay as they are). Each row succeeds or fails on its own; the answer names each by its index.
 */
export const publicContactUpsert = {
  title: "Create or update contacts",
  type: "object",
  additionalProperties: false,
  required: ["contacts"],
  properties: {
    contacts: { type: "array", title: "Contacts", minItems: 1, maxItems: CONTACT_UPSERT_MAX, items: contactCreate },
  },
} as const;
