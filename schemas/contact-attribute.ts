import { ATTRIBUTE_CHOICES, ATTRIBUTE_KEY, ATTRIBUTE_TYPE } from "./contact-fields";

/** A custom attribute the account's contacts may carry. */
export const contactAttribute = {
  title: "New attribute",
  type: "object",
  additionalProperties: false,
  required: ["key", "label", "type"],
  properties: {
    key: ATTRIBUTE_KEY,
    label: { type: "string", title: "Label", minLength: 1, maxLength: 60, pattern: "^[^\\u0000]*$" },
    type: ATTRIBUTE_TYPE,
    choices: ATTRIBUTE_CHOICES,
  },
} as const;
