import { isValidPhoneNumber, parsePhoneNumber } from "libphonenumber-js";

// The RCS bot checks a JSON Schema cannot express, on both ends. Apart from rcs-bots.ts so the phone library loads only
// where a bot is checked (the bot form, the server), not with every form schema.

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
    if (value !== undefined && !isHttpsUrl(value))
      problems.push({ field, message: "must be an https:// address, e.g. https://www.example.com" });
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
