import { DLT_ID, SMS_BODY, SMS_CATEGORY, SMS_HEADER, SMS_ID, SMS_TEMPLATE_NAME } from "./sms-fields";

export const smsTemplateCreate = {
  title: "New SMS template",
  type: "object",
  additionalProperties: false,
  required: ["smsAccountId", "name", "body", "category", "senderId", "dltTemplateId"],
  properties: {
    smsAccountId: SMS_ID,
    name: SMS_TEMPLATE_NAME,
    body: SMS_BODY,
    category: SMS_CATEGORY,
    senderId: SMS_HEADER,
    dltTemplateId: DLT_ID,
  },
} as const;
