// No multipleOf 0.01 (binary floating point refuses 0.29): the server refuses more than two decimals itself.
const RATE = { type: "number", minimum: 0, maximum: 100 } as const;

/**
 * Rates on one card, in rupees, from a date. `scope`: "account" (the rates the account pays; the default) or
 * "customers" (a reseller's card for its customers without one of their own). Keys left out keep what they have.
 */
export const rateCardSet = {
  title: "Rate card",
  type: "object",
  additionalProperties: false,
  required: ["rates"],
  properties: {
    scope: { title: "Card", type: "string", enum: ["account", "customers"], default: "account" },
    effectiveFrom: {
      title: "Effective from",
      type: "string",
      format: "date-time",
      description: "When the rates apply; now when left out or earlier today",
    },
    rates: {
      title: "Rates",
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: {
        sms: { ...RATE, title: "SMS (per segment)" },
        sms_transactional: { ...RATE, title: "SMS · Transactional" },
        sms_service_implicit: { ...RATE, title: "SMS · Service implicit" },
        sms_service_explicit: { ...RATE, title: "SMS · Service explicit" },
        sms_promotional: { ...RATE, title: "SMS · Promotional" },
        whatsapp_marketing: { ...RATE, title: "WhatsApp marketing" },
        whatsapp_utility: { ...RATE, title: "WhatsApp utility" },
        whatsapp_authentication: { ...RATE, title: "WhatsApp authentication" },
        whatsapp_service: { ...RATE, title: "WhatsApp service" },
        rcs: { ...RATE, title: "RCS single message" },
        rcs_basic: { ...RATE, title: "RCS basic message" },
        rcs_conversation: { ...RATE, title: "RCS conversation" },
      },
    },
  },
} as const;
