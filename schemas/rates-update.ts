// No multipleOf 0.01: in binary floating point 0.29 is not a multiple of 0.01 and Ajv refuses it. The server
// refuses more than two decimals itself (routes/campaign-control).
const RATE = { "type": "number", "minimum": 0, "maximum": 100 } as const;

/** The admin's per-message rates in rupees (SMS per segment). */
export const ratesUpdate = {
  "title": "Message rates",
  "type": "object",
  "additionalProperties": false,
  "required": ["sms", "whatsapp_marketing", "whatsapp_utility", "whatsapp_authentication", "rcs"],
  "properties": {
    "sms": { ...RATE, "title": "SMS (per segment)" },
    "whatsapp_marketing": { ...RATE, "title": "WhatsApp marketing" },
    "whatsapp_utility": { ...RATE, "title": "WhatsApp utility" },
    "whatsapp_authentication": { ...RATE, "title": "WhatsApp authentication" },
    "rcs": { ...RATE, "title": "RCS (per message)" }
  }
} as const;
