import { DEFAULT_RATES_PAISE, RATE_KEYS, type RateKey } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { channelRates } from "../../db/schema";
import type { Tx } from "../ledger";

export type Rates = Record<RateKey, number>;

/** The admin's rates in paise, with DEFAULT_RATES_PAISE for any it has not set. */
export async function loadRates(db: Db | Tx): Promise<Rates> {
  const rows = await db.select().from(channelRates);
  const rates: Rates = { ...DEFAULT_RATES_PAISE };
  for (const row of rows) if ((RATE_KEYS as readonly string[]).includes(row.key)) rates[row.key] = row.paise;
  return rates;
}

/** The rate key of a WhatsApp template category (MARKETING, UTILITY, AUTHENTICATION). */
export function whatsappRateKey(category: string): RateKey {
  const key = `whatsapp_${category.toLowerCase()}`;
  return (RATE_KEYS as readonly string[]).includes(key) ? (key as RateKey) : "whatsapp_marketing";
}
