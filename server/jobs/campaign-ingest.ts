// The audience ingest job: reads the audience of draft campaigns (and of validating ones whose run died, once their
// lease lapses) into recipients. One campaign per claim: an ingest of a million rows takes seconds, and a second
// process takes the next campaign meanwhile.
import { and, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { campaigns } from "../db/schema";
import type { CampaignRow } from "../services/campaigns/reach";
import { ingestCampaign, type IngestOptions } from "../services/campaigns/audience/ingest";
import type { ClaimJob } from "../db/claim-loop";
import { ROW_LOCK } from "../db/locks";

export const CAMPAIGN_INGEST_JOB = "campaign-ingest";

export function campaignIngestJob(
  options: IngestOptions & { onDone?: (row: CampaignRow) => void },
): ClaimJob<CampaignRow> {
  return {
    name: CAMPAIGN_INGEST_JOB,
    claim: async (tx: Db, now, limit) => {
      const rows = await tx
        .select()
        .from(campaigns)
        .where(and(inArray(campaigns.status, ["draft", "validating"]), lte(campaigns.nextRunAt, now)))
        .orderBy(campaigns.nextRunAt)
        .limit(Math.min(limit, 1))
        .for(ROW_LOCK, { skipLocked: true });
      if (rows.length) {
        await tx
          .update(campaigns)
          .set({ nextRunAt: new Date(now.getTime() + options.leaseMs) })
          .where(
            inArray(
              campaigns.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    },
    process: async (row, signal) => {
      const done = await ingestCampaign({ ...options, signal }, row);
      if (done) options.onDone?.(done);
    },
    release: async (db, rows) => {
      await db
        .update(campaigns)
        .set({ nextRunAt: new Date() })
        .where(
          and(
            inArray(
              campaigns.id,
              rows.map((r) => r.id),
            ),
            inArray(campaigns.status, ["draft", "validating"]),
          ),
        );
    },
  };
}
