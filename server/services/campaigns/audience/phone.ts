import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { INDIAN_MOBILE } from "../../../../contract/domain/dlt-route";

// The small ("min") metadata: validity by number length per country, enough to tell a number from junk, and
// about a fifth the size and parse time of the full set.

const JUNK = /[^\d+]/g;

export type NumberVerdict = { ok: true; e164: string } | { ok: false; reason: string };

/** libphonenumber-js's verdict on a value already reduced to digits and a leading plus. */
export function parsedNumber(text: string, region: string): NumberVerdict {
  const parsed = parsePhoneNumberFromString(text, region as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, reason: "Not a valid phone number" };
  return { ok: true, e164: parsed.number };
}

/** One audience value as E.164, or why it is not a phone number. */
export function normalizeNumber(raw: string, region: string): NumberVerdict {
  const value = raw.trim();
  if (!value) return { ok: false, reason: "Empty" };
  const digits = value.replace(JUNK, "");
  if (digits.replace("+", "").length < 6) return { ok: false, reason: "Not a phone number" };
  // A leading 00 is the international prefix written out.
  const text = digits.startsWith("00") ? `+${digits.slice(2)}` : digits;
  // The common case of the default region answered without the parser, which was a fifth of an ingest's CPU;
  // phone.test.ts checks that it agrees with the parser.
  if (region === "IN") {
    const mobile = INDIAN_MOBILE.exec(text);
    if (mobile) return { ok: true, e164: `+91${mobile[1]}` };
  }
  return parsedNumber(text, region);
}

/** Whether a cell looks like a phone number at all (finding the phone column in a file without a named one). */
export function looksLikeNumber(value: string): boolean {
  const v = value.trim();
  return /^\+?[\d\s().-]{6,20}$/.test(v) && v.replace(/\D/g, "").length >= 6;
}
