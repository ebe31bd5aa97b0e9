/** A whole API key, to learn whether it works now and what it may do. */
export const apiKeyValidate = {
  title: "Validate an API key",
  type: "object",
  additionalProperties: false,
  required: ["key"],
  properties: {
    key: { type: "string", title: "API key", minLength: 1, maxLength: 200, pattern: "^[^\\u0000]*$" },
  },
} as const;
