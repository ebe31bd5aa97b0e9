import {
  CONTACT_ATTRIBUTES,
  CONTACT_EMAIL,
  CONTACT_LABEL_LIST,
  CONTACT_LANGUAGE,
  CONTACT_NAME,
  CONTACT_NUMBER,
} from "./contact-fields";

/** A contact's changes: the fields sent replace the stored ones; `attributes` replaces the whole set. */
export const contactUpdate = {
  title: "Edit contact",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    number: CONTACT_NUMBER,
    name: CONTACT_NAME,
    email: CONTACT_EMAIL,
    language: CONTACT_LANGUAGE,
    labels: CONTACT_LABEL_LIST,
    attributes: CONTACT_ATTRIBUTES,
  },
} as const;
