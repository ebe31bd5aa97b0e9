import { USER_ID } from "./fields";

export const impersonate = {
  type: "object",
  additionalProperties: false,
  required: ["userId"],
  properties: {
    userId: USER_ID,
  },
} as const;
