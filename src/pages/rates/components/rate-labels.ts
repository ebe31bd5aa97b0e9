import { SCHEMAS } from "../../../../schemas";
import { RATE_KEYS, type ChargeBasis, type RateKey } from "../../../../contract/domain/rate-keys";

const FIELDS = SCHEMAS["rates-update"].properties;

/** Each rate with the title its schema field gives it, in the contract's order. */
export const RATE_KEYS_LABELS: readonly (readonly [RateKey, string])[] = RATE_KEYS.map(
  (k) => [k, FIELDS[k].title] as const,
);

/**
 * Beside the SMS rate: what it prices, and that the DLT categories ("SMS · Promotional", ...) fall back to it
 * (contract/domain/charging.ts withSmsFallback).
 */
export const SMS_ROW_HELP = "SMS without a DLT template, and any DLT category a card leaves unset";

/** How the rates page says when SMS is billed. */
export const SMS_BILLED_ON_LABELS: Record<ChargeBasis, string> = {
  submitted: "Per part submitted to the operator",
  delivered: "Per part delivered (not delivered: given back)",
};
