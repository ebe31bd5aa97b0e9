// Conversions (issue 41, item 2): an order, a sign-up or a lead a business reports through the public API, attributed
// to the campaign message that brought it. The names, limits and the exact rupees-to-paise rule both ends and the
// tests read from here.

export const CONVERSION_KINDS = ["order", "signup", "lead", "custom"] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
export const CONVERSION_KIND_LABELS: Record<ConversionKind, string> = {
  order: "Order",
  signup: "Sign-up",
  lead: "Lead",
  custom: "Custom",
};

/** Only rupees today: a value in another currency would need a rate we do not keep. */
export const CONVERSION_CURRENCIES = ["INR"] as const;
export type ConversionCurrency = (typeof CONVERSION_CURRENCIES)[number];

/** How a conversion found its message: the click code it carried, or the number's latest message in the window. */
export const CONVERSION_ATTRIBUTIONS = ["code", "number"] as const;
export type ConversionAttribution = (typeof CONVERSION_ATTRIBUTIONS)[number];

/**
 * By number, a conversion counts for the latest message to that number delivered (or clicked) this many days before
 * it happened, unless the account set its own window (users.conversion_window_days).
 */
export const CONVERSION_WINDOW_DAYS_DEFAULT = 7;
export const CONVERSION_WINDOW_DAYS_MIN = 1;
export const CONVERSION_WINDOW_DAYS_MAX = 90;

export const CONVERSION_EXTERNAL_ID_MAX = 100;
/** Rupees as a decimal string: up to ₹10,00,00,000 (ten crore) with at most two decimals, never a float. */
export const CONVERSION_VALUE_PATTERN = "^(0|[1-9][0-9]{0,8})(\\.[0-9]{1,2})?$";
/** occurredAt may run ahead of the server's clock by this much (clock skew), not more. */
export const CONVERSION_FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * The postback URL: the same conversion as a GET with its fields in the query, for a shop or partner that can call a
 * URL template (`…?externalId={order_id}&value={total}`) but not send an API key. The token in the path is the key.
 */
export const POSTBACK_PATH = "/api/public/v1/conversions/postback/";
export const POSTBACK_TOKEN_PREFIX = "pb_";
export const postbackUrlOf = (origin: string, token: string): string => `${origin}${POSTBACK_PATH}${token}`;

export const CONVERSION_MESSAGES = {
  codeOrNumber: "Give the click code (code) or the customer's number (number)",
  postbackNotFound: "This postback URL is not valid: it was replaced, revoked or mistyped",
  postbackMade: "Postback URL created. Copy it now: it is shown only once",
  postbackRevoked: "Postback URL revoked",
  settingsSaved: "Conversion settings saved",
  codeNotFound: "No message of this account has this click code",
  future: "must not be in the future",
} as const;

/** "1499.5" → 149950: exact, digit by digit (a float would turn 0.29 into 28.999…). Null for what is not a value. */
export function rupeesToPaise(value: string): number | null {
  if (!new RegExp(CONVERSION_VALUE_PATTERN).test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 149950 → "1499.50", the value as the API answers it. */
export const paiseToRupees = (paise: number): string =>
  `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
