// A/B tests move here (services/campaign-splits/advance.ts): a claim-loop job over splits still testing or sending
// whose next_run_at is due. The claim leases the row (moves next_run_at ahead), so two processes never advance one
// test at once, and one stopped mid-way is picked up when the lease ends.
import { and, inArray, lte } from "drizzle-orm";
import type { ServerConfig } from "../config";
import type { Db } from "../db/client";
import { campaignSplits } from "../db/schema";
import type { ClaimJob } from "../db/claim-loop";
import { ROW_LOCK } from "../db/locks";
import { runSplit } from "../services/campaign-splits/advance";
import type { SplitRow } from "../services/campaign-splits/reach";

export const CAMPAIGN_SPLITS_JOB = "campaign-splits";

export interface CampaignSplitsOptions {
  db: Db;
  smsWindow: ServerConfig["smsWindow"];
  /** The campaign clock (config.now in tests). */
  now?: () => Date;
  /** How soon a test is looked at again while its campaigns are read or started. */
  pollMs: number;
  leaseMs: number;
}

export function campaignSplitsJob(options: CampaignSplitsOptions): ClaimJob<SplitRow> {
  const clock = () => options.now?.() ?? new Date();
  return {
    name: CAMPAIGN_SPLITS_JOB,
    claim: async (tx: Db, wallNow, limit) => {
      const now = options.now?.() ?? wallNow;
      const rows = await tx
        .select()
        .from(campaignSplits)
        .where(and(inArray(campaignSplits.status, ["testing", "sending"]), lte(campaignSplits.nextRunAt, now)))
        .orderBy(campaignSplits.nextRunAt)
        .limit(limit)
        .for(ROW_LOCK, { skipLocked: true });
      if (rows.length)
        await tx
          .update(campaignSplits)
          .set({ nextRunAt: new Date(now.getTime() + options.leaseMs) })
          .where(
            inArray(
              campaignSplits.id,
              rows.map((r) => r.id),
            ),
          );
      return rows;
    },
    process: async (row) => {
      await runSplit(options.db, row, { now: clock(), smsWindow: options.smsWindow, pollMs: options.pollMs });
    },
    release: async (db, rows) => {
      await db
        .update(campaignSplits)
        .set({ nextRunAt: new Date() })
        .where(
          inArray(
            campaignSplits.id,
            rows.map((r) => r.id),
          ),
        );
    },
  };
}
