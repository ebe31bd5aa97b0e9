import {
  ATTRIBUTE_CHOICES_MAX,
  ATTRIBUTE_DEFINITIONS_MAX,
  ATTRIBUTE_KEY_PATTERN,
  ATTRIBUTE_TYPES,
  CONTACT_BULK_MAX,
  CONTACT_LABEL_MAX_LENGTH,
  CONTACT_LABELS_MAX,
} from "../contract/domain/contacts";

// The fields of a contact and of an attribute definition. The number's validity (libphonenumber, E.164) and each
// attribute value's type against the account's definitions depend on data, so the server checks them after this.

const NO_NUL = "^[^\\u0000]*$";

export const CONTACT_NUMBER = {
  type: "string",
  title: "Phone number",
  description: "With the country code, e.g. +91 98765 43210 (Indian numbers may omit +91)",
  minLength: 1,
  maxLength: 32,
  pattern: "^[+0-9 ().-]*$",
} as const;

export const CONTACT_NAME = { type: "string", title: "Name", maxLength: 200, pattern: NO_NUL } as const;

/** Empty clears it; otherwise one plain address (the same shape the sign-up form accepts). */
export const CONTACT_EMAIL = {
  type: "string",
  title: "Email",
  maxLength: 254,
  pattern: "^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
} as const;

export const CONTACT_LANGUAGE = {
  type: "string",
  title: "Language",
  description: "A language code such as en, hi or ta-IN",
  maxLength: 16,
  pattern: "^$|^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
} as const;

export const CONTACT_LABEL_LIST = {
  type: "array",
  title: "Labels",
  maxItems: CONTACT_LABELS_MAX,
  items: { type: "string", minLength: 1, maxLength: CONTACT_LABEL_MAX_LENGTH, pattern: NO_NUL },
} as const;

/**
 * Values by attribute key; each is checked against the account's definition of that key, and a key the account has
 * not defined is refused (server/services/contacts/attributes.ts), so no key pattern is needed here: OpenAPI 3.0, which
 * the served document follows, has no `propertyNames`.
 */
export const CONTACT_ATTRIBUTES = {
  type: "object",
  title: "Attributes",
  maxProperties: ATTRIBUTE_DEFINITIONS_MAX,
  additionalProperties: { type: ["string", "number", "boolean"] },
} as const;

export const CONTACT_IDS = {
  type: "array",
  title: "Contacts",
  minItems: 1,
  maxItems: CONTACT_BULK_MAX,
  uniqueItems: true,
  items: { type: "string", minLength: 1, maxLength: 36 },
} as const;

export const ATTRIBUTE_KEY = {
  type: "string",
  title: "Key",
  description: "Lower case letters, digits and _ (e.g. city, plan_renewal)",
  minLength: 1,
  maxLength: 40,
  pattern: ATTRIBUTE_KEY_PATTERN,
} as const;

export const ATTRIBUTE_TYPE = { type: "string", title: "Type", enum: ATTRIBUTE_TYPES } as const;

export const ATTRIBUTE_CHOICES = {
  type: "array",
  title: "Choices",
  description: "For a choice attribute: the values it may take",
  maxItems: ATTRIBUTE_CHOICES_MAX,
  uniqueItems: true,
  items: { type: "string", minLength: 1, maxLength: 100, pattern: NO_NUL },
} as const;
