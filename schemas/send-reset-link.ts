import { EMAIL } from "./fields";

export const sendResetLink = {
  title: "Reset your password",
  type: "object",
  additionalProperties: false,
  required: ["email"],
  properties: {
    email: EMAIL,
  },
} as const;
