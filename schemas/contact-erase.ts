import { CONTACT_NUMBER } from "./contact-fields";

/** Erasing a person cannot be undone: the caller types the contact's number to confirm it. */
export const contactErase = {
  title: "Erase contact",
  type: "object",
  additionalProperties: false,
  required: ["confirm"],
  properties: { confirm: { ...CONTACT_NUMBER, title: "Type the number to confirm" } },
} as const;
