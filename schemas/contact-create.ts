import {
  CONTACT_ATTRIBUTES,
  CONTACT_EMAIL,
  CONTACT_LABEL_LIST,
  CONTACT_LANGUAGE,
  CONTACT_NAME,
  CONTACT_NUMBER,
} from "./contact-fields";

/** A new contact of the caller's account (the number is normalised to E.164 and unique per account). */
export const contactCreate = {
  title: "New contact",
  type: "object",
  additionalProperties: false,
  required: ["number"],
  properties: {
    number: CONTACT_NUMBER,
    name: CONTACT_NAME,
    email: CONTACT_EMAIL,
    language: CONTACT_LANGUAGE,
    labels: CONTACT_LABEL_LIST,
    attributes: CONTACT_ATTRIBUTES,
  },
} as const;
