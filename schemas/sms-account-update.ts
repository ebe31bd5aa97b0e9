import { DLT_ID, SMS_SENDER_IDS } from "./sms-fields";

/** The DLT registration an account sends under: its principal entity id and its sender ids (headers). */
export const smsAccountUpdate = {
  title: "DLT registration",
  type: "object",
  additionalProperties: false,
  required: ["dltEntityId", "senderIds"],
  properties: {
    dltEntityId: DLT_ID,
    senderIds: SMS_SENDER_IDS,
  },
} as const;
