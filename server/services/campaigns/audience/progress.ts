import { and, asc, eq, gt } from "drizzle-orm";
import type { IngestProgressRecord, RejectedRowRecord } from "../../../../contract/calls";
import type { Db } from "../../../db/client";
import { campaignRejectedRows as rejected } from "../../../db/schema";
import { csvLine } from "../csv-safe";
import type { CampaignRow } from "../reach";

const SAMPLE = 20;
const PAGE = 5000;

/** Reading progress: bytes read over the audience's size (pasted text counts its characters), 100 once read. */
function percentOf(row: CampaignRow): number {
  if (row.status === "draft") return 0;
  if (row.status !== "validating") return 100;
  if (row.totalBytes <= 0) return 0;
  return Math.min(99.9, Math.floor((row.readBytes / row.totalBytes) * 1000) / 10);
}

export async function ingestProgress(db: Db, row: CampaignRow): Promise<IngestProgressRecord> {
  const sample: RejectedRowRecord[] = await db
    .select({ row: rejected.row, value: rejected.value, kind: rejected.kind, reason: rejected.reason })
    .from(rejected).where(eq(rejected.campaignId, row.id)).orderBy(asc(rejected.row)).limit(SAMPLE);
  return {
    campaignId: row.id,
    status: row.status,
    statusReason: row.statusReason,
    percent: percentOf(row),
    rowsRead: row.rowsRead,
    valid: row.validCount,
    invalid: row.invalidCount,
    duplicates: row.duplicateCount,
    rejectedSample: sample,
  };
}

/** The rejected rows as CSV (row,value,kind,reason), read a page at a time along the campaign's row index. */
export async function* rejectedRowsCsv(db: Db, campaignId: string): AsyncGenerator<string> {
  yield csvLine(["row", "value", "kind", "reason"]);
  let after = 0;
  for (;;) {
    const page = await db.select({ row: rejected.row, value: rejected.value, kind: rejected.kind, reason: rejected.reason })
      .from(rejected).where(and(eq(rejected.campaignId, campaignId), gt(rejected.row, after))).orderBy(asc(rejected.row)).limit(PAGE);
    if (page.length === 0) return;
    yield page.map((r) => csvLine([r.row, r.value, r.kind, r.reason])).join("");
    after = page[page.length - 1].row;
    if (page.length < PAGE) return;
  }
}
