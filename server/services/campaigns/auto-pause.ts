import { sql } from "drizzle-orm";
import { AUTO_PAUSE_FAILURE_RATE, AUTO_PAUSE_WINDOW } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { rowsOf } from "./dispatch-sql";
import { transition } from "./status";

export interface AutoPauseRule {
  window: number;
  rate: number;
  /** Fewer outcomes than this say nothing yet (one failure of the first two messages is not 50 %). */
  minimum: number;
}

export const AUTO_PAUSE_RULE: AutoPauseRule = { window: AUTO_PAUSE_WINDOW, rate: AUTO_PAUSE_FAILURE_RATE, minimum: 50 };

export const autoPauseReason = (percent: number, n: number) => `Paused automatically: ${percent} % of the last ${n} messages failed`;

/**
 * Over the campaign's last `window` send outcomes (newest recipients with an outcome first), pauses a running campaign
 * whose failure share is above `rate`; answers whether it paused it.
 */
export async function autoPauseIfFailing(db: Db, campaignId: string, rule: AutoPauseRule = AUTO_PAUSE_RULE): Promise<boolean> {
  const [row] = await rowsOf<{ failed: number; n: number }>(
    db,
    sql`select count(*) filter (where state = 'failed')::int as failed, count(*)::int as n from (
          select state from campaign_recipients
          where campaign_id = ${campaignId} and state not in ('queued', 'sending', 'skipped')
          order by id desc limit ${rule.window}) w`,
  );
  if (!row || row.n < rule.minimum || row.failed / row.n <= rule.rate) return false;
  const percent = Math.round((row.failed / row.n) * 100);
  const moved = await transition(db, campaignId, "paused", { statusReason: autoPauseReason(percent, row.n) }, ["running"]);
  return moved !== undefined;
}
