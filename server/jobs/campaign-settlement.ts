// The settlement of charges billed on delivery (services/campaigns/settlement.ts), run as a loop: every unsettled
// campaign swept every settleEveryMs (the cut-off passing), and the campaigns of a receipt batch's failures settled
// within a moment of it, so a failed WhatsApp or RCS message's charge goes back while the person watches.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { retryingRaces } from "../db/errors";
import { loadRates } from "../services/campaigns/rates";
import { settleApiMessages, settleCharges } from "../services/campaigns/settlement";
import type { ClaimLoop } from "../db/claim-loop";

export interface Settlement extends ClaimLoop {
  /** These campaigns had failed receipts: settle them soon. */
  note(campaignIds: Iterable<string>): void;
}

const SOON_MS = 200;

export function startSettlement(
  db: Db,
  log: FastifyBaseLogger,
  settings: { settleWindowMs: number; settleEveryMs: number },
  onChanged: (campaignIds: string[]) => void,
): Settlement {
  const noted = new Set<string>();
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;

  const settle = (campaignIds?: string[]) => {
    running = running.then(async () => {
      try {
        const rates = await loadRates(db);
        const options = { now: new Date(), windowMs: settings.settleWindowMs, smsBilledOn: rates.smsBilledOn };
        const result = await retryingRaces(() =>
          settleCharges(db, { ...options, ...(campaignIds ? { campaignIds } : {}) }),
        );
        if (result.changed.length > 0) onChanged(result.changed);
        // A failed message whose row was busy (another worker held it) is tried again with the next noted ones.
        for (const id of result.pending) noted.add(id);
        // The public API's messages at the cut-off, on each sweep (a receipt's failure settles them itself).
        const api = campaignIds ? { settled: 0 } : await retryingRaces(() => settleApiMessages(db, options));
        return result.changed.length + api.settled;
      } catch (err) {
        log.error({ err }, "charges not settled");
        return 0;
      }
    });
    return running;
  };

  const soon = setInterval(() => {
    if (noted.size === 0 || stopped) return;
    const ids = [...noted];
    noted.clear();
    void settle(ids);
  }, SOON_MS);
  soon.unref();
  const sweep = setInterval(() => void settle(), settings.settleEveryMs);
  sweep.unref();

  return {
    tick: () => settle(),
    note: (ids) => {
      for (const id of ids) noted.add(id);
    },
    stop: async () => {
      stopped = true;
      clearInterval(soon);
      clearInterval(sweep);
      await running;
    },
  };
}
