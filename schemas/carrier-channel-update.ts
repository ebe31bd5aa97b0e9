import { WHATSAPP_CLOUD_FIELDS } from "./whatsapp-cloud-fields";

/**
 * Editing a channel: only what is sent changes. Secrets are never shown again, so a new one replaces the stored one
 * and an absent one keeps it; the connection is tested with the result before anything is saved.
 */
export const carrierChannelUpdate = {
  title: "Edit the connection",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: WHATSAPP_CLOUD_FIELDS.name,
    access_token: { ...WHATSAPP_CLOUD_FIELDS.access_token, title: "New system-user access token" },
    app_secret: { ...WHATSAPP_CLOUD_FIELDS.app_secret, title: "New app secret" },
    app_id: WHATSAPP_CLOUD_FIELDS.app_id,
    messages_per_second: WHATSAPP_CLOUD_FIELDS.messages_per_second,
  },
} as const;
