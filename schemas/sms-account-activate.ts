import { SMS_ID } from "./sms-fields";

export const smsAccountActivate = {
  title: "Activate SMS account",
  type: "object",
  additionalProperties: false,
  required: ["id", "isActive"],
  properties: {
    id: SMS_ID,
    isActive: {
      type: "boolean",
      title: "Active",
    },
  },
} as const;
