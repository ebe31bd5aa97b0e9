import { CONTACT_IDS } from "./contact-fields";

/** Several contacts deleted at once (the console asks for confirmation first). */
export const contactRemove = {
  title: "Delete contacts",
  type: "object",
  additionalProperties: false,
  required: ["ids"],
  properties: { ids: CONTACT_IDS },
} as const;
