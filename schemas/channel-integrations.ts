/** The per-account channel flags (SPEC 3 "Channels"); any subset may be sent, the rest keep their value. */
export const channelIntegrations = {
  title: "Channel integrations",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    whatsapp: { type: "boolean", title: "WhatsApp" },
    rcs: { type: "boolean", title: "RCS" },
    sms: { type: "boolean", title: "SMS" },
    voice: { type: "boolean", title: "Voice" },
    email: { type: "boolean", title: "Email" },
  },
} as const;
