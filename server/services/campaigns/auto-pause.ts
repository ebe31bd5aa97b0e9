import { sql } from "drizzle-orm";
import { AUTO_PAUSE_FAILURE_RATE, AUTO_PAUSE_WINDOW, RECIPIENT_STATES } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import { transition } from "./status";

export interface AutoPauseRule {
  window: number;
  rate: number;
  /** Fewer outcomes than this say nothing yet (one failure of the first two messages is not 50 %). */
  minimum: number;
}

export const AUTO_PAUSE_RULE: AutoPauseRule = { window: AUTO_PAUSE_WINDOW, rate: AUTO_PAUSE_FAILURE_RATE, minimum: 50 };

/** States a send ends in (all but waiting and skipped): what the failure rate is a share of. */
const OUTCOME_STATES = RECIPIENT_STATES.filter((s) => s !== "queued" && s !== "sending" && s !== "skipped");

export const autoPauseReason = (percent: number, n: number) =>
  `Paused automatically: ${percent} % of the last ${n} messages failed`;

/** A campaign's window as a check saw it: failures among its `n` newest outcomes, and when. */
export interface WindowSeen {
  failed: number;
  n: number;
  at: number;
}

/** How long a campaign may go unchecked on the bound alone: failures other processes saw are not counted in it. */
export const RECHECK_MS = 5_000;

/**
 * Whether a campaign with `fresh` failures since its last check may now be past the rule, so must be checked. Its
 * window only grows (up to `window`) and holds at most `fresh` more failures than it did, so a share below the rate
 * with all of them counted and none of the newer successes is below it now. Most checks of a campaign failing at a
 * few per cent are skipped this way (the check reads up to a window per outcome state).
 */
export function mayBePastRule(seen: WindowSeen | undefined, fresh: number, rule: AutoPauseRule, now: number): boolean {
  if (!seen || now - seen.at >= RECHECK_MS || seen.n < rule.minimum) return true;
  return (seen.failed + fresh) / seen.n > rule.rate;
}

export interface AutoPauseResult {
  paused: string[];
  /** Each checked campaign's window. */
  seen: Map<string, WindowSeen>;
}

/**
 * Over each campaign's last `window` send outcomes (newest recipients with an outcome first), pauses a running campaign
 * whose failure share is above `rate`; one query for all the campaigns; answers the ids it paused and what it saw.
 */
export async function autoPauseIfFailing(
  db: Db,
  campaignIds: readonly string[],
  rule: AutoPauseRule = AUTO_PAUSE_RULE,
): Promise<AutoPauseResult> {
  const seen = new Map<string, WindowSeen>();
  if (campaignIds.length === 0) return { paused: [], seen };
  const at = Date.now();
  // The newest `window` outcomes are the newest `window` of each outcome state, merged: each is a short backward range
  // of the queue index (campaign_id, state, id). Ordering all of a campaign's outcomes by id instead read every
  // recipient it had (100,000 rows for a campaign of 100,000, twice a second while it fails).
  const rows = await rowsOf<{ id: string; failed: number; n: number }>(
    db,
    sql`select c.id, w.failed, w.n from unnest(${pgArray([...campaignIds])}::uuid[]) as c(id)
        cross join lateral (
          select count(*) filter (where x.state = 'failed')::int as failed, count(*)::int as n from (
            select s.state, r.id from unnest(${pgArray(OUTCOME_STATES)}::text[]) as s(state)
            cross join lateral (
              select id from campaign_recipients
              where campaign_id = c.id and state = s.state order by id desc limit ${rule.window}) r
            order by r.id desc limit ${rule.window}) x
        ) w`,
  );
  const paused: string[] = [];
  for (const row of rows) {
    seen.set(row.id, { failed: row.failed, n: row.n, at });
    if (row.n < rule.minimum || row.failed / row.n <= rule.rate) continue;
    const percent = Math.round((row.failed / row.n) * 100);
    if (await transition(db, row.id, "paused", { statusReason: autoPauseReason(percent, row.n) }, ["running"]))
      paused.push(row.id);
  }
  return { paused, seen };
}
