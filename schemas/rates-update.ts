// No multipleOf 0.01: in binary floating point 0.29 is not a multiple of 0.01 and Ajv refuses it. The server
// refuses more than two decimals itself (routes/campaign-control).
const RATE = { type: "number", minimum: 0, maximum: 100 } as const;

/**
 * The admin's per-message rates in rupees (SMS per segment). The rates added later (WhatsApp service, RCS basic, RCS
 * conversation, SMS by DLT category) and the SMS billing basis are optional: a client that does not send them keeps what is set.
 */
export const ratesUpdate = {
  title: "Message rates",
  type: "object",
  additionalProperties: false,
  required: ["sms", "whatsapp_marketing", "whatsapp_utility", "whatsapp_authentication", "rcs"],
  properties: {
    sms: { ...RATE, title: "SMS (per segment)" },
    // Per DLT template category (the route); a category left unset costs the SMS rate (withSmsFallback).
    sms_transactional: { ...RATE, title: "SMS · Transactional" },
    sms_service_implicit: { ...RATE, title: "SMS · Service implicit" },
    sms_service_explicit: { ...RATE, title: "SMS · Service explicit" },
    sms_promotional: { ...RATE, title: "SMS · Promotional" },
    whatsapp_marketing: { ...RATE, title: "WhatsApp marketing" },
    whatsapp_utility: { ...RATE, title: "WhatsApp utility" },
    whatsapp_authentication: { ...RATE, title: "WhatsApp authentication" },
    whatsapp_service: { ...RATE, title: "WhatsApp service (free-form, in the 24-hour window)" },
    rcs: { ...RATE, title: "RCS single message (rich, or over 160 bytes)" },
    rcs_basic: { ...RATE, title: "RCS basic message (text, up to 160 bytes)" },
    rcs_conversation: { ...RATE, title: "RCS conversation (conversational bots, 24 h)" },
    sms_billed_on: { title: "SMS billed on", type: "string", enum: ["submitted", "delivered"] },
  },
} as const;
