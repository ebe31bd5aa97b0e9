export const confirmEmail = {
  title: "Confirm email",
  type: "object",
  additionalProperties: false,
  required: ["token"],
  properties: {
    token: {
      type: "string",
      title: "Token",
      minLength: 20,
      maxLength: 200,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
