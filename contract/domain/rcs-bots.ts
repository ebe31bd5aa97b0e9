import { isValidPhoneNumber, parsePhoneNumber } from "libphonenumber-js";

// RCS bots (Google RBM agents): the carriers a bot launches on, its use cases and launch states, and the checks the
// JSON Schema cannot express. Server and console both use these.

/** Indian carriers a bot is launched on one by one (Google RBM launches per carrier). */
export const RCS_CARRIERS = ["Jio", "Airtel", "Vi", "BSNL"] as const;
export type RcsCarrierName = (typeof RCS_CARRIERS)[number];

export const RCS_USE_CASES = ["OTP", "TRANSACTIONAL", "PROMOTIONAL", "MULTI_USE"] as const;
export type RcsUseCase = (typeof RCS_USE_CASES)[number];

export const RCS_LAUNCH_STATES = ["UNLAUNCHED", "PENDING", "LAUNCHED", "REJECTED", "SUSPENDED"] as const;
export type RcsLaunchState = (typeof RCS_LAUNCH_STATES)[number];

export const BOT_STATUSES = ["active", "inactive"] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** What each use case allows, shown beside the choice: traffic must match the use case a bot is registered for. */
export const RCS_USE_CASE_LABELS: Record<RcsUseCase, string> = {
  OTP: "OTP: one-time passwords only",
  TRANSACTIONAL: "Transactional: alerts and updates, no offers",
  PROMOTIONAL: "Promotional: offers and marketing",
  MULTI_USE: "Multi-use: conversational, any of the above",
};

export interface FieldProblem {
  field: string;
  message: string;
}

/** A phone number a carrier accepts (Indian numbers without +91 are read as Indian). */
export function isValidBotPhone(phone: string): boolean {
  return isValidPhoneNumber(phone, "IN");
}

/**
 * The checks beyond the schema's: the phone must be a real number of its country, the URLs must parse as https.
 * Each problem names its field.
 * Given only the fields present (an update sends some of them).
 */
export function checkRcsBotFields(fields: RcsBotCheckedFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.phone !== undefined && !isValidBotPhone(fields.phone)) {
    problems.push({ field: "phone", message: "must be a valid phone number, e.g. +91 98765 43210" });
  }
  for (const field of URL_FIELDS) {
    const value = fields[field];
    if (value !== undefined && !isHttpsUrl(value)) problems.push({ field, message: "must be an https:// address, e.g. https://www.example.com" });
  }
  return problems;
}

const URL_FIELDS = ["logoUrl", "bannerUrl", "website", "privacyUrl", "termsUrl"] as const;

export type RcsBotCheckedFields = Partial<Record<"phone" | (typeof URL_FIELDS)[number], string>>;

/** An https address with a host that has a dot (carriers fetch logos and open links from it). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The number as carriers store it (E.164), or the input unchanged when it cannot be read. */
export function normaliseBotPhone(phone: string): string {
  return isValidBotPhone(phone) ? parsePhoneNumber(phone, "IN").format("E.164") : phone;
}
