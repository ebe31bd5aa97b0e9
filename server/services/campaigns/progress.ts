// Live progress of campaigns: 'progressUpdate' to the owner's sessions, at most PROGRESS_PUSHES_PER_SECOND per
// campaign however many batches and receipts change it (a touch inside the interval is folded into one push at its
// end), plus a push at once when the campaign stops (completed, paused), so the last state is never left unsent.
import { eq } from "drizzle-orm";
import { PROGRESS_PUSHES_PER_SECOND, type ProgressUpdate } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { toMoney } from "../ledger";
import { countsOf, percentOf, totalOf } from "./records";

export interface ProgressPusher {
  /** The campaign changed; `final` pushes now (a stop), otherwise within the throttle. */
  touch(campaignId: string, final?: boolean): void;
  /** Waits for pushes under way and drops scheduled ones. */
  stop(): Promise<void>;
}

export async function progressOf(db: Db, campaignId: string): Promise<{ userId: string; update: ProgressUpdate } | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!row) return undefined;
  const counts = (await countsOf(db, [campaignId])).get(campaignId);
  if (!counts) return undefined;
  return {
    userId: row.userId,
    update: {
      campaignId,
      channel: row.channel,
      status: row.status,
      statusReason: row.statusReason,
      total: totalOf(counts),
      counts,
      percent: percentOf(counts),
      spent: Number(toMoney(row.spentPaise)),
      at: new Date().toISOString(),
    },
  };
}

export function createProgressPusher(db: Db, emit: (userId: string, update: ProgressUpdate) => void, perSecond = PROGRESS_PUSHES_PER_SECOND): ProgressPusher {
  const interval = 1000 / perSecond;
  const last = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const push = (campaignId: string) => {
    if (stopped) return;
    last.set(campaignId, Date.now());
    const job: Promise<void> = progressOf(db, campaignId)
      .then((p) => {
        if (p && !stopped) emit(p.userId, p.update);
      })
      .catch(() => undefined)
      .finally(() => running.delete(job));
    running.add(job);
  };

  return {
    touch(campaignId, final = false) {
      if (stopped) return;
      const waiting = timers.get(campaignId);
      if (final) {
        if (waiting) clearTimeout(waiting);
        timers.delete(campaignId);
        push(campaignId);
        return;
      }
      if (waiting) return;
      const due = (last.get(campaignId) ?? 0) + interval - Date.now();
      if (due <= 0) return push(campaignId);
      const timer = setTimeout(() => {
        timers.delete(campaignId);
        push(campaignId);
      }, due);
      timer.unref();
      timers.set(campaignId, timer);
    },
    async stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
