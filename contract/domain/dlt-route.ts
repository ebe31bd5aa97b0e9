// What an Indian DLT SMS route (an SMS account sending under a DLT principal entity id) lets through, checked once
// here for campaign ingest, the pre-send check and the public API alike. Operators scrub every message against the
// DLT registration: the destination must be an Indian mobile (TRAI's numbering plan gives mobiles ten digits starting
// 6-9; landlines start 2-5 with an STD code) and each {#var#} value at most SMS_VARIABLE_MAX characters, or the
// operator rejects the message after it was submitted (and billed by the aggregator).
import { SMS_VARIABLE_MAX } from "./sms";

/** An Indian mobile number: ten digits from 6 to 9, bare or after +91. */
export const INDIAN_MOBILE = /^(?:\+91)?([6-9]\d{9})$/;

/** The same rule on an E.164 number, as a pattern the database applies too (the pre-send check counts in SQL). */
export const INDIAN_MOBILE_E164 = "^\\+91[6-9][0-9]{9}$";
const INDIAN_MOBILE_E164_RE = new RegExp(INDIAN_MOBILE_E164);

export const DLT_ROUTE_MESSAGES = {
  notIndianMobile:
    "Not an Indian mobile number: this SMS route (DLT) takes Indian mobile numbers only (+91 and ten digits starting 6-9)",
  variableTooLong: (variable: string, length: number) =>
    `Variable ${variable} is ${length} characters; DLT allows at most ${SMS_VARIABLE_MAX}`,
} as const;

/** Why an E.164 number cannot go out on a DLT route, or null. */
export function dltNumberProblem(e164: string): string | null {
  return INDIAN_MOBILE_E164_RE.test(e164) ? null : DLT_ROUTE_MESSAGES.notIndianMobile;
}

export interface OverlongVariable {
  /** Its 0-based position among the template's values. */
  index: number;
  /** How the variable is named to the person: the campaign's `{{column}}` or the API's 1-based position. */
  variable: string;
  length: number;
}

/** Characters as DLT counts them: one per character as written (an emoji or a Devanagari letter is one). */
export const dltLength = (value: string): number => [...value].length;

/** The rendered {#var#} values over DLT's limit, each with its name (`names[i]`, or `#i+1`) and length. */
export function overlongVariables(values: readonly string[], names: readonly string[] = []): OverlongVariable[] {
  return values.flatMap((value, i) => {
    const length = dltLength(value);
    return length > SMS_VARIABLE_MAX ? [{ index: i, variable: names[i] ?? `#${i + 1}`, length }] : [];
  });
}

/** Why a row's rendered variables cannot go out on a DLT route (the first over-long one), or null. */
export function dltVariablesProblem(values: readonly string[], names: readonly string[] = []): string | null {
  const [first] = overlongVariables(values, names);
  return first ? DLT_ROUTE_MESSAGES.variableTooLong(first.variable, first.length) : null;
}
