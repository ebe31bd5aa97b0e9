/**
 * The fields of a WhatsApp Cloud API connection (Meta's ids are digits; a system-user token is a long string without
 * spaces; an app secret is 32 hexadecimal characters), shared by the connect and the edit forms.
 */
export const WHATSAPP_CLOUD_FIELDS = {
  name: {
    type: "string",
    title: "Channel name",
    description: "How this connection is called in the console",
    minLength: 1,
    maxLength: 80,
    pattern: "^[^\\u0000]*$",
  },
  access_token: {
    type: "string",
    title: "System-user access token",
    description:
      "Business Settings → System users → Generate token, with whatsapp_business_messaging and whatsapp_business_management",
    minLength: 20,
    maxLength: 2048,
    pattern: "^\\S+$",
  },
  app_secret: {
    type: "string",
    title: "App secret",
    description: "App Dashboard → App settings → Basic: signs the webhooks Meta sends",
    pattern: "^[0-9a-fA-F]{32}$",
  },
  app_id: {
    type: "string",
    title: "App ID",
    description: "Needed to upload template header media",
    pattern: "^[0-9]{5,25}$",
  },
  messages_per_second: {
    type: "integer",
    title: "Messages per second per number",
    description: "Meta's default throughput is 80; raise it only when Meta has raised yours",
    minimum: 1,
    maximum: 1000,
  },
} as const;
