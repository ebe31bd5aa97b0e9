import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  recipientReason,
  SKIP_REASONS,
  type CampaignStatus,
  type IngestExclusion,
  type SkipReason,
} from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaignRecipients, campaignRejectedRows as rejected } from "../../db/schema";
import { preCheck, type CheckOptions } from "./check";
import { skipConditions } from "./check-skips";
import { csvLine } from "./csv-safe";
import type { CampaignRow } from "./reach";

// The excluded rows of a campaign as one CSV (row, number, reason_code, reason): what the ingest left out of the
// audience, then the recipients the pre-send check skips (or, once started, those it skipped), as aggregators' upload
// reports list them before a send.

const PAGE = 5000;
/** Campaigns not started yet (or paused): the check's skips are worked out now, as a start would mark them. */
const CHECKABLE: readonly CampaignStatus[] = ["ready", "scheduled", "paused"];

export const EXCLUDED_COLUMNS = ["row", "number", "reason_code", "reason"] as const;

async function* ingestRows(db: Db, campaignId: string): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({ row: rejected.row, value: rejected.value, cause: rejected.cause, reason: rejected.reason })
      .from(rejected)
      .where(and(eq(rejected.campaignId, campaignId), gt(rejected.row, after)))
      .orderBy(asc(rejected.row))
      .limit(PAGE);
    if (page.length === 0) return;
    yield page.map((r) => csvLine([r.row, r.value, r.cause satisfies IngestExclusion, r.reason])).join("");
    after = page[page.length - 1].row;
    if (page.length < PAGE) return;
  }
}

/** Recipients already marked skipped (a started campaign's), with the check's words for their reason. */
async function* markedRows(db: Db, campaignId: string): AsyncGenerator<string> {
  let after = 0;
  const where = (id: number) =>
    and(
      eq(campaignRecipients.campaignId, campaignId),
      eq(campaignRecipients.state, "skipped"),
      gt(campaignRecipients.id, id),
    );
  for (;;) {
    const page = await db
      .select({
        id: campaignRecipients.id,
        row: campaignRecipients.row,
        number: campaignRecipients.number,
        reason: campaignRecipients.reason,
      })
      .from(campaignRecipients)
      .where(where(after))
      .orderBy(asc(campaignRecipients.id))
      .limit(PAGE);
    if (page.length === 0) return;
    yield page.map((r) => csvLine([r.row, r.number, r.reason, recipientReason("skipped", r.reason)])).join("");
    after = page[page.length - 1].id;
    if (page.length < PAGE) return;
  }
}

/** The queued recipients the check would skip now, reason by reason. */
async function* checkRows(db: Db, row: CampaignRow, options: CheckOptions): AsyncGenerator<string> {
  const check = await preCheck(db, row, options);
  for (const { reason, where, offset } of skipConditions(row, check, options.now)) {
    for (let page = 0; ; page++) {
      const rows = await db
        .select({ row: campaignRecipients.row, number: campaignRecipients.number })
        .from(campaignRecipients)
        .where(where)
        .orderBy(asc(campaignRecipients.id))
        .offset(offset + page * PAGE)
        .limit(PAGE);
      if (rows.length)
        yield rows.map((r) => csvLine([r.row, r.number, reason satisfies SkipReason, SKIP_REASONS[reason]])).join("");
      if (rows.length < PAGE) break;
    }
  }
}

export async function* excludedRowsCsv(db: Db, row: CampaignRow, options: CheckOptions): AsyncGenerator<string> {
  yield csvLine(EXCLUDED_COLUMNS);
  yield* ingestRows(db, row.id);
  yield* markedRows(db, row.id);
  if (CHECKABLE.includes(row.status)) yield* checkRows(db, row, options);
}

/**
 * The check's skip counts that concern the audience itself (numbers on the account's lists and in its consent ledger),
 * for the upload report: the suppression list, DND and opted-out numbers always (0 included, so the report says they
 * were looked at); a missing WhatsApp opt-in only when the account requires one and some number lacks it.
 */
export async function listExclusions(
  db: Db,
  row: CampaignRow,
  options: CheckOptions,
): Promise<Partial<Record<SkipReason, number>>> {
  if (!CHECKABLE.includes(row.status)) return {};
  const { skipped } = await preCheck(db, row, options);
  return {
    suppressed: skipped.suppressed,
    dnd: skipped.dnd,
    optedOut: skipped.optedOut,
    ...(skipped.noOptIn > 0 ? { noOptIn: skipped.noOptIn } : {}),
  };
}

/** The ingest's rejected rows counted by cause. */
export async function ingestExclusions(db: Db, campaignId: string): Promise<Partial<Record<IngestExclusion, number>>> {
  const rows = await db
    .select({ cause: rejected.cause, n: sql<number>`count(*)::int` })
    .from(rejected)
    .where(eq(rejected.campaignId, campaignId))
    .groupBy(rejected.cause);
  return Object.fromEntries(rows.map((r) => [r.cause, r.n]));
}
