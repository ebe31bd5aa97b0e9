import { asc, eq } from "drizzle-orm";
import type { IngestProgressRecord, RejectedRowRecord } from "../../../../contract/calls";
import type { Db } from "../../../db/client";
import { campaignRejectedRows as rejected } from "../../../db/schema";
import {
  INGEST_EXCLUSIONS,
  SKIP_REASONS,
  type IngestExclusion,
  type SkipReason,
} from "../../../../contract/domain/campaigns";
import type { CheckOptions } from "../check";
import { ingestExclusions, listExclusions } from "../excluded-rows";
import type { CampaignRow } from "../reach";
import { savedContactsOf } from "./save-contacts";

const SAMPLE = 20;

/** Reading progress: bytes read over the audience's size (pasted text counts its characters), 100 once read. */
function percentOf(row: CampaignRow): number {
  if (row.status === "draft") return 0;
  if (row.status !== "validating") return 100;
  if (row.totalBytes <= 0) return 0;
  return Math.min(99.9, Math.floor((row.readBytes / row.totalBytes) * 1000) / 10);
}

/** Rows left out by reason: the ingest's causes (almost) always, the check's list-based skips once the audience is read. */
async function excludedOf(db: Db, row: CampaignRow, options: CheckOptions): Promise<IngestProgressRecord["excluded"]> {
  const ingest = await ingestExclusions(db, row.id);
  const lists = await listExclusions(db, row, options);
  return [
    // "No value for a contact field" only concerns campaigns using {{contact.x}}: listed when it left rows out.
    ...(Object.keys(INGEST_EXCLUSIONS) as IngestExclusion[])
      .filter((reason) => reason !== "noValue" || ingest.noValue)
      .map((reason) => ({
        reason,
        label: INGEST_EXCLUSIONS[reason],
        count: ingest[reason] ?? 0,
      })),
    ...(Object.keys(lists) as SkipReason[]).map((reason) => ({
      reason,
      label: SKIP_REASONS[reason],
      count: lists[reason] ?? 0,
    })),
  ];
}

export async function ingestProgress(db: Db, row: CampaignRow, options: CheckOptions): Promise<IngestProgressRecord> {
  const sample: RejectedRowRecord[] = await db
    .select({ row: rejected.row, value: rejected.value, kind: rejected.kind, reason: rejected.reason })
    .from(rejected)
    .where(eq(rejected.campaignId, row.id))
    .orderBy(asc(rejected.row))
    .limit(SAMPLE);
  return {
    campaignId: row.id,
    status: row.status,
    statusReason: row.statusReason,
    percent: percentOf(row),
    rowsRead: row.rowsRead,
    valid: row.validCount,
    invalid: row.invalidCount,
    duplicates: row.duplicateCount,
    savedContacts: savedContactsOf(row),
    rejectedSample: sample,
    excluded: await excludedOf(db, row, options),
  };
}
