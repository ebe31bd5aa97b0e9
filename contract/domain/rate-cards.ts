// Rate cards (issue 37): which rates an account pays, written once and pure, so the server's loader, the pre-send
// estimate and the tests all resolve a card the same way. A key's rate comes from the first of: the account's own
// card, its organization's card, its reseller's card for customers, the admin's global card, DEFAULT_RATES; on each card, the row with the
// latest effective date not after the moment asked about. A sub-account of an organization (a manager's user or
// department head) pays its organization's card before its reseller's: the organization is the reseller's customer.
import { DEFAULT_RATES, RATE_KEYS, withSmsFallback, type ChargeBasis, type RateKey, type Rates } from "./rate-keys";

/** "account": the rates this account pays (a reseller's own card is its cost); "customers": a reseller's default. */
export const RATE_CARD_SCOPES = ["account", "customers"] as const;
export type RateCardScope = (typeof RATE_CARD_SCOPES)[number];

/** Where a resolved rate came from, for people ("set for this account", "reseller's rate", "global"). */
export const RATE_SOURCES = ["account", "organization", "reseller", "global", "default"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export interface RateCardRow {
  key: RateKey;
  paise: number;
  effectiveFrom: Date | string;
}

export interface RateCardInput {
  /** The admin's global card (channel_rates): keys it sets; the rest fall to DEFAULT_RATES. */
  global: Partial<Record<RateKey, number>>;
  smsBilledOn?: ChargeBasis;
  /** The account's reseller's card for its customers (empty when it has no reseller). */
  reseller: readonly RateCardRow[];
  /** The account's own card. */
  account: readonly RateCardRow[];
  /** The card of the organization (manager) the account belongs to, below its reseller; none for others. */
  organization?: readonly RateCardRow[];
  at: Date;
}

export interface ResolvedRates {
  rates: Rates;
  sources: Record<RateKey, RateSource>;
}

const time = (d: Date | string) => (typeof d === "string" ? new Date(d) : d).getTime();

/**
 * Per key, the rate of the row with the latest effective date at or before `at`; a later row in the list wins a tie
 * (the database has one row per card, key and date).
 */
export function effectiveAt(rows: readonly RateCardRow[], at: Date): Partial<Record<RateKey, number>> {
  const best = new Map<RateKey, { from: number; paise: number }>();
  const now = at.getTime();
  for (const row of rows) {
    const from = time(row.effectiveFrom);
    if (from > now) continue;
    const known = best.get(row.key);
    if (!known || from >= known.from) best.set(row.key, { from, paise: row.paise });
  }
  return Object.fromEntries([...best].map(([key, { paise }]) => [key, paise]));
}

/**
 * The account's rates at `at`, key by key: account → organization → reseller's customer card → global → DEFAULT_RATES.
 * On each card an SMS category's rate it does not set is its "sms" (withSmsFallback), so a card setting only "sms"
 * prices every SMS, as it did before the categories.
 */
export function resolveRates(input: RateCardInput): ResolvedRates {
  const account = withSmsFallback(effectiveAt(input.account, input.at));
  const organization = withSmsFallback(effectiveAt(input.organization ?? [], input.at));
  const reseller = withSmsFallback(effectiveAt(input.reseller, input.at));
  const global = withSmsFallback(input.global);
  const rates: Rates = { ...DEFAULT_RATES, smsBilledOn: input.smsBilledOn ?? DEFAULT_RATES.smsBilledOn };
  const sources = {} as Record<RateKey, RateSource>;
  for (const key of RATE_KEYS) {
    const [paise, source] =
      account[key] !== undefined
        ? [account[key], "account" as const]
        : organization[key] !== undefined
          ? [organization[key], "organization" as const]
          : reseller[key] !== undefined
            ? [reseller[key], "reseller" as const]
            : global[key] !== undefined
              ? [global[key], "global" as const]
              : [DEFAULT_RATES[key], "default" as const];
    rates[key] = paise;
    sources[key] = source;
  }
  return { rates, sources };
}

/** The keys where a customer's rate is below its reseller's own cost (a reseller may not sell at a loss). */
export function belowCost(rates: Partial<Record<RateKey, number>>, cost: Readonly<Record<RateKey, number>>): RateKey[] {
  return RATE_KEYS.filter((key) => rates[key] !== undefined && (rates[key] ?? 0) < cost[key]);
}

/** Each rate as a refusal names it. */
export const RATE_KEY_NAMES: Readonly<Record<RateKey, string>> = {
  sms: "SMS",
  sms_transactional: "SMS transactional",
  sms_service_implicit: "SMS service implicit",
  sms_service_explicit: "SMS service explicit",
  sms_promotional: "SMS promotional",
  whatsapp_marketing: "WhatsApp marketing",
  whatsapp_utility: "WhatsApp utility",
  whatsapp_authentication: "WhatsApp authentication",
  whatsapp_service: "WhatsApp service",
  rcs: "RCS single message",
  rcs_basic: "RCS basic message",
  rcs_conversation: "RCS conversation",
};

export const belowCostMessage = (key: RateKey, costPaise: number) =>
  `The ${RATE_KEY_NAMES[key]} rate is below your own cost of ₹${(costPaise / 100).toFixed(2)}`;

/**
 * What one charge cost the reseller: a charge is whole units of one rate (SMS parts, messages), so the units are the
 * charge over the customer's rate and the cost is the same units at the reseller's rate. A free charge costs nothing.
 */
export function costOfCharge(chargedPaise: number, customerRate: number, resellerRate: number): number {
  if (chargedPaise <= 0 || customerRate <= 0) return 0;
  return Math.round((chargedPaise / customerRate) * resellerRate);
}
