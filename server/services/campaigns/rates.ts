import { DEFAULT_RATES, RATE_KEYS, withSmsFallback, type RateKey, type Rates } from "../../../contract/domain/charging";
import type { Db } from "../../db/client";
import { channelRates } from "../../db/schema";
import type { Tx } from "../../db/sql";

export type { Rates } from "../../../contract/domain/charging";

/**
 * The admin's rates in paise, with DEFAULT_RATES for any it has not set (an SMS category it has not set: its "sms",
 * withSmsFallback); the SMS row says when SMS is billed.
 */
export async function loadRates(db: Db | Tx): Promise<Rates> {
  const rows = await db.select().from(channelRates);
  const set: Partial<Record<RateKey, number>> = {};
  const rates: Rates = { ...DEFAULT_RATES };
  for (const row of rows) {
    if ((RATE_KEYS as readonly string[]).includes(row.key)) set[row.key] = row.paise;
    if (row.key === "sms") rates.smsBilledOn = row.billedOn;
  }
  return { ...rates, ...withSmsFallback(set) };
}
