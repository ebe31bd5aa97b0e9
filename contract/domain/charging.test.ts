import { describe, expect, it } from "vitest";
import {
  billedOnDelivery,
  chargeFor,
  DEFAULT_RATES,
  RBM_BASIC_MAX_BYTES,
  whatsappRateKey,
  type Billable,
  type Charge,
  type Rates,
} from "./charging";

const rates: Rates = {
  ...DEFAULT_RATES,
  sms: 25,
  whatsapp_marketing: 88,
  whatsapp_utility: 13,
  whatsapp_authentication: 13,
  whatsapp_service: 0,
  rcs: 30,
  rcs_basic: 15,
};
const hindi = "नमस्ते"; // 6 letters, 18 UTF-8 bytes

// Each provider's published rule, one row each (the rule quoted in charging.ts beside chargeFor).
const CASES: [string, Billable, Partial<Rates>, Pick<Charge, "paise" | "rateKey" | "basis">][] = [
  [
    "WhatsApp marketing template: by category, on delivery",
    { channel: "whatsapp", kind: "template", category: "MARKETING", windowOpen: false },
    {},
    { paise: 88, rateKey: "whatsapp_marketing", basis: "delivered" },
  ],
  [
    "WhatsApp marketing template inside the window: still charged",
    { channel: "whatsapp", kind: "template", category: "MARKETING", windowOpen: true },
    {},
    { paise: 88, rateKey: "whatsapp_marketing", basis: "delivered" },
  ],
  [
    "WhatsApp utility template outside the window",
    { channel: "whatsapp", kind: "template", category: "UTILITY", windowOpen: false },
    {},
    { paise: 13, rateKey: "whatsapp_utility", basis: "delivered" },
  ],
  [
    "WhatsApp utility template inside the window: free",
    { channel: "whatsapp", kind: "template", category: "UTILITY", windowOpen: true },
    {},
    { paise: 0, rateKey: null, basis: "delivered" },
  ],
  [
    "WhatsApp authentication template inside the window: charged",
    { channel: "whatsapp", kind: "template", category: "AUTHENTICATION", windowOpen: true },
    {},
    { paise: 13, rateKey: "whatsapp_authentication", basis: "delivered" },
  ],
  [
    "WhatsApp category in lower case",
    { channel: "whatsapp", kind: "template", category: "utility", windowOpen: false },
    {},
    { paise: 13, rateKey: "whatsapp_utility", basis: "delivered" },
  ],
  [
    "WhatsApp unknown category: as marketing",
    { channel: "whatsapp", kind: "template", category: "SERVICE", windowOpen: false },
    {},
    { paise: 88, rateKey: "whatsapp_marketing", basis: "delivered" },
  ],
  [
    "WhatsApp free-form (service) message: the service rate",
    { channel: "whatsapp", kind: "text" },
    {},
    { paise: 0, rateKey: "whatsapp_service", basis: "delivered" },
  ],
  [
    "WhatsApp service rate set by the admin",
    { channel: "whatsapp", kind: "text" },
    { whatsapp_service: 4 },
    { paise: 4, rateKey: "whatsapp_service", basis: "delivered" },
  ],
  [
    "RBM basic: text only, 160 bytes",
    { channel: "rcs", rich: false, text: "a".repeat(RBM_BASIC_MAX_BYTES) },
    {},
    { paise: 15, rateKey: "rcs_basic", basis: "delivered" },
  ],
  [
    "RBM single: text of 161 bytes",
    { channel: "rcs", rich: false, text: "a".repeat(RBM_BASIC_MAX_BYTES + 1) },
    {},
    { paise: 30, rateKey: "rcs", basis: "delivered" },
  ],
  [
    "RBM single: 54 Devanagari letters are 162 bytes",
    { channel: "rcs", rich: false, text: hindi.repeat(9) },
    {},
    { paise: 30, rateKey: "rcs", basis: "delivered" },
  ],
  [
    "RBM basic: Devanagari and Latin, 157 bytes",
    { channel: "rcs", rich: false, text: hindi.repeat(8) + "नमस्" + "a" },
    {},
    { paise: 15, rateKey: "rcs_basic", basis: "delivered" },
  ],
  [
    "RBM single: short text with a suggestion or card",
    { channel: "rcs", rich: true, text: "Hi" },
    {},
    { paise: 30, rateKey: "rcs", basis: "delivered" },
  ],
  [
    "RBM conversational agent, a rich message inside an open conversation: covered by it",
    { channel: "rcs", rich: true, text: "Hi", inConversation: true },
    {},
    { paise: 0, rateKey: null, basis: "delivered" },
  ],
  [
    "RBM conversational agent, a basic message inside an open conversation: covered by it",
    { channel: "rcs", rich: false, text: "Hi", inConversation: true },
    {},
    { paise: 0, rateKey: null, basis: "delivered" },
  ],
  [
    "RBM conversational agent, no open conversation: per message",
    { channel: "rcs", rich: false, text: "Hi", inConversation: false },
    {},
    { paise: 15, rateKey: "rcs_basic", basis: "delivered" },
  ],
  [
    "SMS: one GSM part, on submission",
    { channel: "sms", text: "a".repeat(160) },
    {},
    { paise: 25, rateKey: "sms", basis: "submitted" },
  ],
  [
    "SMS: two GSM parts",
    { channel: "sms", text: "a".repeat(161) },
    {},
    { paise: 50, rateKey: "sms", basis: "submitted" },
  ],
  [
    "SMS: Unicode, 71 letters are two parts",
    { channel: "sms", text: "न".repeat(71) },
    {},
    { paise: 50, rateKey: "sms", basis: "submitted" },
  ],
  [
    "SMS: empty text still one part",
    { channel: "sms", text: "" },
    {},
    { paise: 25, rateKey: "sms", basis: "submitted" },
  ],
  [
    "SMS on delivery as a rate option",
    { channel: "sms", text: "hello" },
    { smsBilledOn: "delivered" },
    { paise: 25, rateKey: "sms", basis: "delivered" },
  ],
];

describe("chargeFor: each provider's rule", () => {
  it.each(CASES)("%s", (_name, message, over, expected) => {
    const charge = chargeFor(message, { ...rates, ...over });
    expect({ paise: charge.paise, rateKey: charge.rateKey, basis: charge.basis }).toEqual(expected);
    expect(charge.label).not.toBe("");
  });

  it("labels a free utility template so the report can say why it cost nothing", () => {
    expect(
      chargeFor({ channel: "whatsapp", kind: "template", category: "UTILITY", windowOpen: true }, rates).label,
    ).toBe("WhatsApp utility (free in the service window)");
    expect(chargeFor({ channel: "sms", text: "a".repeat(161) }, rates).label).toBe("SMS, 2 parts");
  });
});

describe("billedOnDelivery", () => {
  it.each([
    ["whatsapp", "submitted", true],
    ["rcs", "submitted", true],
    ["sms", "submitted", false],
    ["sms", "delivered", true],
  ] as const)("%s with SMS billed on %s: %s", (channel, smsBilledOn, expected) => {
    expect(billedOnDelivery(channel, { smsBilledOn })).toBe(expected);
  });
});

describe("whatsappRateKey", () => {
  it("never answers the service rate for a template", () => {
    expect(whatsappRateKey("service")).toBe("whatsapp_marketing");
  });
});
