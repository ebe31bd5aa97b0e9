// Recurring campaigns' runs: a claim-loop job in two steps (services/campaign-schedules/runner.ts). Each step runs in
// the claim's transaction with the rows it takes locked (SKIP LOCKED), so two server processes never make one run
// twice, and what a step wrote (a run, its campaign, the next planned time) commits together or not at all.
import type { ClaimJob } from "../db/claim-loop";
import type { CheckOptions } from "../services/campaigns/check";
import { makeDueRuns, startReadRuns } from "../services/campaign-schedules/runner";

export const CAMPAIGN_SCHEDULE_RUNS_JOB = "campaign-schedule-runs";

export interface ScheduleRunsOptions {
  /** The campaign clock (config.now in tests); the claim loop's own `now` is wall time. */
  now?: () => Date;
  smsWindow: CheckOptions["smsWindow"];
  /** Where tracked links point (config SHORT_LINK_URL), as the create calls pass it. */
  linkOrigin: string;
}

export function campaignScheduleRunsJob(options: ScheduleRunsOptions): ClaimJob<string> {
  return {
    name: CAMPAIGN_SCHEDULE_RUNS_JOB,
    claim: async (tx, wallNow, limit) => {
      const now = options.now?.() ?? wallNow;
      const started = await startReadRuns(tx, { now, smsWindow: options.smsWindow }, limit);
      const made = await makeDueRuns(tx, now, limit, options.linkOrigin);
      return [...started, ...made];
    },
    // The work is the claim's: nothing is left for after the commit.
    process: async () => undefined,
  };
}
