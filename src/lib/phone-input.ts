import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { DEFAULT_REGION } from "../../contract/domain/campaigns";

export type PhoneCheck = { ok: true; e164: string; display: string } | { ok: false; message: string };

/** A typed number as E.164 (numbers without a country code are read in the default region, India), or why not. */
export function checkPhone(input: string, region: string = DEFAULT_REGION): PhoneCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: "Enter a phone number" };
  if (/[^\d\s()+.-]/.test(text)) return { ok: false, message: "A phone number has only digits, spaces and + ( ) - ." };
  const parsed = parsePhoneNumberFromString(text, region as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, message: "Not a valid phone number" };
  return { ok: true, e164: parsed.number, display: parsed.formatInternational() };
}
