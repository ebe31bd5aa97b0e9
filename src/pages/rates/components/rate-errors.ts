import type { HttpError } from "@refinedev/core";
import { RATE_KEY_NAMES } from "../../../../contract/domain/rate-cards";
import type { RateKey } from "../../../../contract/domain/rate-keys";

// A refused rate-card save, said to the person who typed it: the server's field errors name JSON paths ("rates.sms:
// must be >= 0"), which mean nothing on the form. Each is put in the form's words; a message already written for
// people (below your own cost) passes as it is.

const RATE_FIELD = /^rates\.([a-z_]+)$/;

function rateProblem(name: string, message: string): string {
  if (/>=\s*0/.test(message)) return `The ${name} rate cannot be negative.`;
  if (/<=\s*100/.test(message)) return `The ${name} rate can be at most ₹100.`;
  if (/must be number/.test(message)) return `The ${name} rate must be an amount in rupees, such as 0.25.`;
  if (/two decimal/.test(message)) return `The ${name} rate can have at most two decimals (whole paise).`;
  if (/is not allowed/.test(message)) return `${name} is not a rate this card holds.`;
  return `The ${name} rate ${message}.`;
}

function fieldProblem(field: string, message: string): string {
  if (/^The .* rate /.test(message)) return message.endsWith(".") ? message : `${message}.`;
  const rate = RATE_FIELD.exec(field)?.[1];
  if (rate) return rateProblem(RATE_KEY_NAMES[rate as RateKey] ?? rate.replace(/_/g, " "), message);
  if (field === "rates") return "Enter at least one rate to change.";
  if (field === "effectiveFrom")
    return /past/.test(message) ? "The effective date cannot be in the past." : "The effective date is not a date.";
  return message;
}

/** The notification of a refused save: one sentence per problem, without field paths. */
export function rateCardRefusal(err: Pick<HttpError, "message" | "errors"> | undefined, fallback: string): string {
  const fields = Object.entries(err?.errors ?? {}).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : typeof messages === "string" ? [messages] : []).map((m) =>
      fieldProblem(field, String(m)),
    ),
  );
  if (fields.length) return [...new Set(fields)].join(" ");
  return err?.message || fallback;
}
