import { sql } from "drizzle-orm";
import { AUTO_PAUSE_FAILURE_RATE, AUTO_PAUSE_WINDOW } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "./dispatch-sql";
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
 * Over each campaign's last `window` send outcomes (newest recipients with an outcome first), pauses a running campaign
 * whose failure share is above `rate`; one query for all the campaigns; answers the ids it paused.
 */
export async function autoPauseIfFailing(db: Db, campaignIds: readonly string[], rule: AutoPauseRule = AUTO_PAUSE_RULE): Promise<string[]> {
  if (campaignIds.length === 0) return [];
  const rows = await rowsOf<{ id: string; failed: number; n: number }>(
    db,
    sql`select c.id, w.failed, w.n from unnest(${pgArray([...campaignIds])}::uuid[]) as c(id)
        cross join lateral (
          select count(*) filter (where state = 'failed')::int as failed, count(*)::int as n from (
            select state from campaign_recipients
            where campaign_id = c.id and state not in ('queued', 'sending', 'skipped')
            order by id desc limit ${rule.window}) x
        ) w`,
  );
  const paused: string[] = [];
  for (const row of rows) {
    if (row.n < rule.minimum || row.failed / row.n <= rule.rate) continue;
    const percent = Math.round((row.failed / row.n) * 100);
    if (await transition(db, row.id, "paused", { statusReason: autoPauseReason(percent, row.n) }, ["running"])) paused.push(row.id);
  }
  return paused;
}
