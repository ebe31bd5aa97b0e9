export const login = {
  title: "Sign in",
  type: "object",
  additionalProperties: false,
  required: ["email", "password"],
  properties: {
    email: {
      type: "string",
      title: "Email or username",
      minLength: 1,
      maxLength: 254,
      pattern: "^[^\\u0000]*$",
    },
    password: {
      type: "string",
      title: "Password",
      minLength: 1,
      maxLength: 200,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
