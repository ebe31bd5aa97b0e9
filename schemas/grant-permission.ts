import { USER_ID } from "./fields";

export const grantPermission = {
  title: "Module permissions",
  type: "object",
  additionalProperties: false,
  required: ["userId", "moduleNames"],
  properties: {
    userId: USER_ID,
    moduleNames: {
      type: "array",
      title: "Modules",
      uniqueItems: true,
      items: {
        type: "string",
        enum: ["campaign", "template", "chat", "api", "agent"],
      },
    },
  },
} as const;
