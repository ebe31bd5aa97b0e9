import { CONTACT_LABEL_MAX_LENGTH, LABEL_COLORS } from "../contract/domain/contacts";

/** The colour of one of the account's labels. */
export const chatLabelColor = {
  title: "Label colour",
  type: "object",
  additionalProperties: false,
  required: ["name", "color"],
  properties: {
    name: {
      type: "string",
      title: "Label",
      minLength: 1,
      maxLength: CONTACT_LABEL_MAX_LENGTH,
      pattern: "^[^\\u0000]*$",
    },
    color: { type: "string", title: "Colour", enum: LABEL_COLORS },
  },
} as const;
