import { SCHEMAS } from "../../../../schemas";
import { RATE_KEYS, type RateKey } from "../../../../contract/domain/campaigns";

const FIELDS = SCHEMAS["rates-update"].properties;

/** Each rate with the title its schema field gives it, in the contract's order. */
export const RATE_KEYS_LABELS: readonly (readonly [RateKey, string])[] = RATE_KEYS.map((k) => [k, FIELDS[k].title] as const);
