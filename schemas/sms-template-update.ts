import { DLT_ID, SMS_BODY, SMS_CATEGORY, SMS_HEADER, SMS_ID, SMS_TEMPLATE_NAME } from "./sms-fields";

/** The whole template again (the editor sends every field); it stays on its SMS account. */
export const smsTemplateUpdate = {
  title: "Edit SMS template",
  type: "object",
  additionalProperties: false,
  required: ["id", "name", "body", "category", "senderId", "dltTemplateId"],
  properties: {
    id: SMS_ID,
    name: SMS_TEMPLATE_NAME,
    body: SMS_BODY,
    category: SMS_CATEGORY,
    senderId: SMS_HEADER,
    dltTemplateId: DLT_ID,
  },
} as const;
