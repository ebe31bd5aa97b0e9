// A campaign's throughput buckets (campaign_throughput): the dispatchers add each round's submit outcomes to the
// bucket of now with one upsert per campaign and round (a conflict adds to the row, so processes sharing one
// PostgreSQL count right), and the live view reads these rows, never the recipients.
import { sql } from "drizzle-orm";
import { THROUGHPUT_BUCKET_SECONDS } from "../../../contract/domain/control-room";
import { hot, type Db } from "../../db/client";

export interface RoundCounts {
  sent: number;
  failed: number;
  failoverSent?: number;
  failoverFailed?: number;
}

const BUCKET_MS = THROUGHPUT_BUCKET_SECONDS * 1000;

/** The start of the bucket `at` falls in (buckets from the epoch, UTC). */
export const bucketOf = (at: number): Date => new Date(Math.floor(at / BUCKET_MS) * BUCKET_MS);

/** Adds one round's outcomes to the campaign's bucket of `at`; a round with none writes nothing. */
export async function addThroughput(db: Db, campaignId: string, counts: RoundCounts, at = Date.now()): Promise<void> {
  const { sent, failed, failoverSent = 0, failoverFailed = 0 } = counts;
  if (sent + failed + failoverSent + failoverFailed === 0) return;
  await db.execute(
    hot(sql`insert into campaign_throughput (campaign_id, bucket, sent, failed, failover_sent, failover_failed)
      values (${campaignId}, ${bucketOf(at).toISOString()}::timestamptz, ${sent}, ${failed}, ${failoverSent}, ${failoverFailed})
      on conflict (campaign_id, bucket) do update set
        sent = campaign_throughput.sent + excluded.sent,
        failed = campaign_throughput.failed + excluded.failed,
        failover_sent = campaign_throughput.failover_sent + excluded.failover_sent,
        failover_failed = campaign_throughput.failover_failed + excluded.failover_failed`),
  );
}
