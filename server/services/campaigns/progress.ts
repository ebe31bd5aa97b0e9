// Live progress of campaigns: 'progressUpdate' to the owner's sessions, at most PROGRESS_PUSHES_PER_SECOND per
// campaign however many batches and receipts change it (a touch inside the interval is folded into one push at its
// end), plus a push at once when the campaign stops (completed, paused), so the last state is never left unsent.
import { inArray } from "drizzle-orm";
import { PROGRESS_PUSHES_PER_SECOND, type ProgressUpdate } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { toMoney } from "../balance/ledger";
import { countsOf, emptyCounts, failoverPaiseOf, percentOf, totalOf } from "./records";

export interface ProgressPusher {
  /** The campaign changed; `final` pushes now (a stop), otherwise within the throttle. */
  touch(campaignId: string, final?: boolean): void;
  /** Waits for pushes under way and drops scheduled ones. */
  stop(): Promise<void>;
}

/** Progress of several campaigns in two queries (their rows, their counts per state). */
export async function progressOfMany(
  db: Db,
  ids: readonly string[],
): Promise<{ userId: string; update: ProgressUpdate }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  const counts = await countsOf(db, ids);
  const failover = await failoverPaiseOf(
    db,
    rows.filter((r) => r.failover).map((r) => r.id),
  );
  const at = new Date().toISOString();
  return rows.map((row) => {
    const c = counts.get(row.id) ?? emptyCounts();
    return {
      userId: row.userId,
      update: {
        campaignId: row.id,
        channel: row.channel,
        status: row.status,
        statusReason: row.statusReason,
        total: totalOf(c),
        counts: c,
        percent: percentOf(c),
        spent: Number(toMoney(row.spentPaise)),
        failoverSpent: Number(toMoney(failover.get(row.id) ?? 0)),
        at,
      },
    };
  });
}

/**
 * Reading the counts costs a pass over the campaigns' recipients: with a hundred campaigns of a thousand each, a
 * tick read 100,000 rows, four times a second, and that took a quarter of PGlite's time in the dispatch bench. So
 * the next tick waits at least COST_FACTOR times as long as the last read took: the pushes slow down when counting
 * is dear, keeping it under a tenth of the time, and run at the full rate when it is cheap.
 */
const COST_FACTOR = 10;

/**
 * One timer for every campaign: each tick pushes the campaigns touched since the last one, all read in two queries,
 * so a hundred campaigns sending at once cost two queries per tick, not two hundred.
 */
export function createProgressPusher(
  db: Db,
  emit: (userId: string, update: ProgressUpdate) => void,
  perSecond = PROGRESS_PUSHES_PER_SECOND,
): ProgressPusher {
  let dirty = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  const intervalMs = 1000 / perSecond;

  const push = (ids: string[]): Promise<void> => {
    if (stopped || ids.length === 0) return Promise.resolve();
    const job: Promise<void> = progressOfMany(db, ids)
      .then((list) => {
        if (!stopped) list.forEach((p) => emit(p.userId, p.update));
      })
      .catch(() => undefined)
      .finally(() => running.delete(job));
    running.add(job);
    return job;
  };

  let timer: NodeJS.Timeout | undefined;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const ids = [...dirty];
      dirty = new Set();
      const started = performance.now();
      void push(ids).then(() => schedule(Math.max(intervalMs, (performance.now() - started) * COST_FACTOR)));
    }, delayMs);
    timer.unref();
  };
  schedule(intervalMs);

  return {
    touch(campaignId, final = false) {
      if (stopped) return;
      if (!final) {
        dirty.add(campaignId);
        return;
      }
      dirty.delete(campaignId);
      void push([campaignId]);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}
