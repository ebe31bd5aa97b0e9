// The dispatcher's auto-pause watch: campaigns with new failures that may have passed the auto-pause rule are
// checked together, at most every 500 ms.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { autoPauseIfFailing, mayBePastRule, RECHECK_MS, type AutoPauseRule, type WindowSeen } from "./auto-pause";
import type { ProgressPusher } from "./progress";

export interface HealthWatch {
  /** Failures were seen, so many per campaign (submit refusals, failed receipts): check the auto-pause rule. */
  noteFailures(failures: ReadonlyMap<string, number>): void;
  stop(): void;
}

export function watchHealth(
  db: Db,
  rule: AutoPauseRule,
  progress: ProgressPusher,
  log: FastifyBaseLogger,
): HealthWatch {
  /** New failures per campaign since its last auto-pause check, and what that check saw. */
  const failing = new Map<string, number>();
  const windows = new Map<string, WindowSeen>();
  function noteFailures(failures: ReadonlyMap<string, number>): void {
    for (const [id, n] of failures) failing.set(id, (failing.get(id) ?? 0) + n);
  }
  const healthTimer = setInterval(() => {
    const now = Date.now();
    for (const [id, window] of windows) if (now - window.at >= RECHECK_MS) windows.delete(id);
    const ids = [...failing]
      .filter(([id, fresh]) => mayBePastRule(windows.get(id), fresh, rule, now))
      .map(([id]) => id);
    if (ids.length === 0) return;
    // Until this check answers, these campaigns have no window to bound by (a failed check leaves none either).
    for (const id of ids) {
      failing.delete(id);
      windows.delete(id);
    }
    void autoPauseIfFailing(db, ids, rule)
      .then(({ paused, seen }) => {
        for (const [id, window] of seen) windows.set(id, window);
        paused.forEach((id) => progress.touch(id, true));
      })
      .catch((err: unknown) => log.error({ err }, "auto-pause check failed"));
  }, 500);
  healthTimer.unref();
  return { noteFailures, stop: () => clearInterval(healthTimer) };
}
