import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { DEFAULT_REGION } from "../../../contract/domain/campaigns";

/** A number as typed, in E.164 when it is a valid number (without a country code, the default region applies). */
export function toE164(typed: string, region: string = DEFAULT_REGION): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), region as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
