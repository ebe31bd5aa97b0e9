import { PASTED_NUMBERS } from "./campaign-fields";

export const suppressionAdd = {
  title: "Add to suppression list",
  type: "object",
  additionalProperties: false,
  required: ["numbers"],
  properties: {
    numbers: { ...PASTED_NUMBERS, minLength: 1 },
    reason: { type: "string", title: "Reason", maxLength: 200, pattern: "^[^\\u0000]*$" },
  },
} as const;
