import { WHATSAPP_CLOUD_FIELDS } from "./whatsapp-cloud-fields";

/** Connecting a WhatsApp Cloud API number by hand: its WABA, number and system-user token, checked before saving. */
export const whatsappCloudConnect = {
  title: "Connect WhatsApp Cloud API",
  type: "object",
  additionalProperties: false,
  required: ["name", "waba_id", "phone_number_id", "access_token", "app_secret"],
  properties: {
    name: WHATSAPP_CLOUD_FIELDS.name,
    waba_id: {
      type: "string",
      title: "WhatsApp Business Account ID",
      description: "WhatsApp Manager → Account tools → Phone numbers, or the App Dashboard's API Setup",
      pattern: "^[0-9]{5,25}$",
    },
    phone_number_id: {
      type: "string",
      title: "Phone number ID",
      description: "The number's id (not the phone number itself)",
      pattern: "^[0-9]{5,25}$",
    },
    access_token: WHATSAPP_CLOUD_FIELDS.access_token,
    app_secret: WHATSAPP_CLOUD_FIELDS.app_secret,
    app_id: WHATSAPP_CLOUD_FIELDS.app_id,
    messages_per_second: WHATSAPP_CLOUD_FIELDS.messages_per_second,
  },
} as const;
