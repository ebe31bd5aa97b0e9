// The dispatcher's auto-pause watch: campaigns with new failures that may have passed the auto-pause rule are
// checked together, at most every 500 ms.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { CampaignAlertSettings } from "../../db/schema";
import { alertsArmed, failurePast, type AlertWatch } from "./alerts";
import { autoPauseIfFailing, mayBePastRule, RECHECK_MS, type AutoPauseRule, type WindowSeen } from "./auto-pause";
import type { ProgressPusher } from "./progress";

export interface HealthWatch {
  /** Failures were seen, so many per campaign (submit refusals, failed receipts): check the auto-pause rule. */
  noteFailures(failures: ReadonlyMap<string, number>): void;
  stop(): void;
}

/** The failure-rate alerts, checked over the same window as the rule. */
export interface HealthAlerts {
  watch: AlertWatch;
  /** The campaign's alert settings (read with its status, at most statusMs old). */
  settingsOf(id: string): Promise<CampaignAlertSettings | null | undefined>;
}

export function watchHealth(
  db: Db,
  rule: AutoPauseRule,
  progress: ProgressPusher,
  log: FastifyBaseLogger,
  alerts?: HealthAlerts,
): HealthWatch {
  /** New failures per campaign since its last auto-pause check, and what that check saw. */
  const failing = new Map<string, number>();
  const windows = new Map<string, WindowSeen>();
  function noteFailures(failures: ReadonlyMap<string, number>): void {
    for (const [id, n] of failures) failing.set(id, (failing.get(id) ?? 0) + n);
  }
  /** A failure-rate alert below the rule's rate lowers the bound that decides whether to look. */
  const settings = new Map<string, CampaignAlertSettings>();
  const ruleOf = (id: string): AutoPauseRule => {
    const percent = settings.get(id)?.failureRatePercent;
    return percent == null ? rule : { ...rule, rate: Math.min(rule.rate, percent / 100) };
  };
  let checking = false;
  const healthTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, 500);
  async function check() {
    if (alerts)
      for (const id of failing.keys()) {
        const a = await alerts.settingsOf(id).catch(() => undefined);
        if (alertsArmed(a)) settings.set(id, a!);
        else settings.delete(id);
      }
    const now = Date.now();
    for (const [id, window] of windows) if (now - window.at >= RECHECK_MS) windows.delete(id);
    const ids = [...failing]
      .filter(([id, fresh]) => mayBePastRule(windows.get(id), fresh, ruleOf(id), now))
      .map(([id]) => id);
    if (ids.length === 0) return;
    // Until this check answers, these campaigns have no window to bound by (a failed check leaves none either).
    for (const id of ids) {
      failing.delete(id);
      windows.delete(id);
    }
    await autoPauseIfFailing(db, ids, rule)
      .then(({ paused, seen }) => {
        for (const [id, window] of seen) {
          windows.set(id, window);
          const a = settings.get(id);
          const percent = a && failurePast(a, window);
          if (a && percent !== undefined) alerts?.watch.check(id, "failure-rate", a, percent);
        }
        paused.forEach((id) => progress.touch(id, true));
      })
      .catch((err: unknown) => log.error({ err }, "auto-pause check failed"));
  }
  healthTimer.unref();
  return { noteFailures, stop: () => clearInterval(healthTimer) };
}
