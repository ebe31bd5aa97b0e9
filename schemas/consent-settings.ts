export const consentSettings = {
  title: "Consent settings",
  type: "object",
  additionalProperties: false,
  required: ["requireWhatsappOptIn"],
  properties: {
    requireWhatsappOptIn: {
      type: "boolean",
      title: "Require WhatsApp opt-in for business-initiated messages",
    },
  },
} as const;
