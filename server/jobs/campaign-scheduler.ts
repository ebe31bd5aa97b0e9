// Scheduled campaigns start here: a claim-loop job over campaigns `scheduled` whose next_run_at is due. The move to
// running is the claim itself (one conditional UPDATE in the claim transaction, rows taken with SKIP LOCKED), so two
// server processes never start one campaign twice, and a campaign due while the server was down starts when it is up.
import { and, eq, inArray, lte } from "drizzle-orm";
import { campaigns } from "../db/schema";
import type { CampaignRow } from "../services/campaigns/reach";
import { runningClock } from "../services/campaigns/status";
import { enqueueWebhookEvents } from "../services/webhooks/enqueue";
import { campaignStatusEvent } from "../services/webhooks/events";
import type { ClaimJob } from "../db/claim-loop";
import { ROW_LOCK } from "../db/locks";

export interface CampaignSchedulerOptions {
  /** The campaign clock (config.now in tests); the claim loop's own `now` is wall time. */
  now?: () => Date;
  /** Told of each campaign that started (progress push to its owner). */
  started?: (row: CampaignRow) => void;
}

export function campaignSchedulerJob(options: CampaignSchedulerOptions = {}): ClaimJob<CampaignRow> {
  return {
    name: "campaign-scheduler",
    claim: async (tx, wallNow, limit) => {
      const now = options.now?.() ?? wallNow;
      const due = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.nextRunAt, now)))
        .orderBy(campaigns.nextRunAt)
        .limit(limit)
        .for(ROW_LOCK, { skipLocked: true });
      if (due.length === 0) return [];
      const started = await tx
        .update(campaigns)
        .set({
          status: "running",
          startedAt: now,
          nextRunAt: null,
          statusReason: null,
          updatedAt: now,
          ...runningClock("running", now),
        })
        .where(
          and(
            inArray(
              campaigns.id,
              due.map((d) => d.id),
            ),
            eq(campaigns.status, "scheduled"),
          ),
        )
        .returning();
      // The start is a campaign.status event, committed with the move.
      await enqueueWebhookEvents(
        tx,
        started.map((row) => campaignStatusEvent(row, "scheduled")),
      );
      return started;
    },
    process: async (row) => {
      options.started?.(row);
    },
  };
}
