// The fields of POST /api/waba/create-template (multipart: `components` arrives as JSON text and is parsed first,
// the header media as the one file part). The shape only: Meta's rules with their field messages are in
// contract/domain/whatsapp-template.ts.
const text = { type: "string", maxLength: 4096 } as const;

export const whatsappTemplateCreate = {
  title: "Create WhatsApp template",
  type: "object",
  additionalProperties: false,
  required: ["waba_id", "name", "language", "category", "components"],
  properties: {
    waba_id: { type: "string", title: "WhatsApp Business Account", minLength: 1, maxLength: 100 },
    name: { type: "string", title: "Name", maxLength: 600 },
    language: { type: "string", title: "Language", maxLength: 20 },
    category: { type: "string", title: "Category", maxLength: 40 },
    components: {
      type: "array",
      title: "Components",
      maxItems: 8,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["type"],
        properties: {
          type: { type: "string", enum: ["HEADER", "BODY", "FOOTER", "BUTTONS"] },
          format: { type: "string", maxLength: 20 },
          text: text,
          example: {
            type: "object",
            additionalProperties: false,
            properties: {
              header_text: { type: "array", maxItems: 1, items: text },
              body_text: { type: "array", maxItems: 1, items: { type: "array", maxItems: 100, items: text } },
            },
          },
          buttons: {
            type: "array",
            maxItems: 20,
            items: {
              type: "object",
              additionalProperties: false,
              required: ["type", "text"],
              properties: {
                type: { type: "string", enum: ["QUICK_REPLY", "URL", "PHONE_NUMBER"] },
                text: text,
                url: { type: "string", maxLength: 2000 },
                example: { type: "array", maxItems: 1, items: { type: "string", maxLength: 2000 } },
                phone_number: { type: "string", maxLength: 20 },
              },
            },
          },
        },
      },
    },
  },
} as const;
