export const whatsappTemplateDelete = {
  title: "Delete WhatsApp template",
  type: "object",
  additionalProperties: false,
  required: ["waba_id"],
  properties: {
    waba_id: { type: "string", title: "WhatsApp Business Account", minLength: 1, maxLength: 100 },
  },
} as const;
