import { NEW_PASSWORD } from "./fields";

export const resetPassword = {
  title: "Choose a new password",
  type: "object",
  additionalProperties: false,
  required: ["newPassword", "token"],
  properties: {
    newPassword: NEW_PASSWORD,
    token: {
      type: "string",
      title: "Reset token",
      minLength: 16,
      maxLength: 200,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
