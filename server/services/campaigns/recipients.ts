import { and, asc, desc, eq, gt, inArray, like, sql, type SQL } from "drizzle-orm";
import type { RecipientRecord } from "../../../contract/calls";
import { failoverMessageState, recipientReason, type RecipientState } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaignRecipients, inboundMessages } from "../../db/schema";
import { toMoney } from "../balance/ledger";
import { decodeRecipientCursor, encodeRecipientCursor } from "./recipient-cursor";
import { countsOf, emptyCounts, totalOf } from "./records";

export type RecipientRow = typeof campaignRecipients.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRecipientRecord(row: RecipientRow, reply: string | null): RecipientRecord {
  return {
    _id: String(row.id),
    campaignId: row.campaignId,
    row: row.row,
    number: row.number,
    variables: row.variables ?? [],
    state: row.state,
    reason: recipientReason(row.state, row.reason),
    code: row.code,
    cost: Number(toMoney(row.costPaise)),
    failedOver: row.failedOver,
    failover: failoverOf(row),
    reply,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    repliedAt: iso(row.repliedAt),
    failedAt: iso(row.failedAt),
  };
}

function failoverOf(row: RecipientRow): RecipientRecord["failover"] {
  if (!row.failoverState) return null;
  return {
    state: failoverMessageState(row.failoverState, row.failoverDeliveredAt, row.failoverFailedAt),
    cost: Number(toMoney(row.failoverCostPaise)),
    code: row.failoverCode,
    reason: row.failoverReason,
    sentAt: iso(row.failoverSentAt),
    deliveredAt: iso(row.failoverDeliveredAt),
    failedAt: iso(row.failoverFailedAt),
  };
}

/** The latest reply's text per recipient, for the recipients given (one DISTINCT ON over the recipient index). */
export async function latestReplies(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([inboundMessages.recipientId], {
      recipientId: inboundMessages.recipientId,
      text: inboundMessages.text,
    })
    .from(inboundMessages)
    .where(inArray(inboundMessages.recipientId, [...ids]))
    .orderBy(inboundMessages.recipientId, desc(inboundMessages.receivedAt));
  return new Map(rows.flatMap((r) => (r.recipientId === null ? [] : [[r.recipientId, r.text] as const])));
}

export async function withReplies(db: Db, rows: readonly RecipientRow[]): Promise<RecipientRecord[]> {
  const replies = await latestReplies(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRecipientRecord(r, replies.get(r.id) ?? null));
}

/** A responses page: by page number (SPEC 7's page/limit: an offset) or after a cursor (an index range). */
export interface RecipientWindow {
  limit: number;
  offset: number;
  cursor?: string;
}

/**
 * One page of a campaign's recipients in audience order, optionally in one state. The page is a range of the
 * (campaign, row, id) index, or of (campaign, state, row, id) with a state, so page 1 and every cursor's page read
 * `limit` + 1 rows however large the campaign; an offset page reads the rows before it too (the console pages by
 * cursor past the first pages). The total comes from the campaign's rollup (countsOf), never a count over it.
 */
export async function recipientsPage(
  db: Db,
  campaignId: string,
  state: RecipientState | undefined,
  window: RecipientWindow,
): Promise<{ records: RecipientRecord[]; total: number; nextCursor: string | null }> {
  const after = window.cursor === undefined ? undefined : decodeRecipientCursor(window.cursor);
  const where = and(
    eq(campaignRecipients.campaignId, campaignId),
    state ? eq(campaignRecipients.state, state) : undefined,
    // A row comparison, so it is an index condition (an OR of the two columns would be a filter over the rows before).
    after ? sql`(${campaignRecipients.row}, ${campaignRecipients.id}) > (${after.row}, ${after.id})` : undefined,
  );
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(campaignRecipients)
      .where(where)
      .orderBy(asc(campaignRecipients.row), asc(campaignRecipients.id))
      .limit(window.limit + 1)
      .offset(after ? 0 : window.offset),
    countsOf(db, [campaignId]),
  ]);
  const page = rows.slice(0, window.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > window.limit && last ? encodeRecipientCursor(last) : null;
  const all = counts.get(campaignId) ?? emptyCounts();
  return { records: await withReplies(db, page), total: state ? all[state] : totalOf(all), nextCursor };
}

export const WITHIN_MAX = 50;

/** Recipients whose number contains the digits typed (anything else typed is ignored); at most 50. */
export async function searchWithin(db: Db, campaignId: string, typed: string): Promise<RecipientRecord[]> {
  const digits = typed.replace(/\D/g, "");
  if (!digits) return [];
  const rows = await db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), like(campaignRecipients.number, `%${digits}%`)))
    .orderBy(asc(campaignRecipients.row), asc(campaignRecipients.id))
    .limit(WITHIN_MAX);
  return withReplies(db, rows);
}

export const DOWNLOAD_PAGE = 5000;

/**
 * A campaign's recipients in pages of 5,000 by id (keyset, so each page is an index range and the whole campaign is
 * never in memory), each page with its replies.
 */
export async function* recipientPages(db: Db, campaignId: string): AsyncGenerator<RecipientRecord[]> {
  let after = 0;
  for (;;) {
    const where: SQL | undefined = and(eq(campaignRecipients.campaignId, campaignId), gt(campaignRecipients.id, after));
    const rows = await db
      .select()
      .from(campaignRecipients)
      .where(where)
      .orderBy(asc(campaignRecipients.id))
      .limit(DOWNLOAD_PAGE);
    if (rows.length === 0) return;
    yield await withReplies(db, rows);
    after = rows[rows.length - 1].id;
    if (rows.length < DOWNLOAD_PAGE) return;
  }
}
