// A segment as a campaign's audience (issue 39, item 4). At create the segment must be the caller's (its owner is
// the account that holds the contacts); at ingest its definition is evaluated once, over the contacts that existed
// when the read began, and read in id order a batch at a time as the rows of a file would be: a header (number, name,
// email, language, then each attribute key, so `{{name}}` and `{{key}}` resolve as column references) and one row
// per contact. The ingest then writes recipients through its writer, so the route's rules and the pre-send check
// apply as for a file, and the recipients are the segment frozen at that moment.
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactAttributeDefs, contacts, segments } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { AudienceRow, RowBatches } from "../campaigns/audience/rows";
import { isUuid, type Caller } from "../caller";
import { contactsOwner } from "../contacts/owner";
import { segmentCount } from "./count";
import { segmentWhere } from "./compile";

export const SEGMENT_AUDIENCE_MESSAGES = {
  notFound: "is not one of your segments",
  deleted: "The segment was deleted before its contacts were read",
  empty: "The segment selects no contacts",
} as const;

/** The campaign's audience fields for a segment of the caller's; its count now is the progress bar's total. */
export async function segmentSource(
  db: Db,
  caller: Caller,
  segmentId: string,
): Promise<{ kind: "segment"; segmentId: string; name: string; totalBytes: number }> {
  const owner = await contactsOwner(db, caller);
  const refuse = () =>
    badRequest(`segmentId: ${SEGMENT_AUDIENCE_MESSAGES.notFound}`, [
      { field: "segmentId", message: SEGMENT_AUDIENCE_MESSAGES.notFound },
    ]);
  if (!isUuid(segmentId)) throw refuse();
  const [segment] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, owner)));
  if (!segment) throw refuse();
  const total = await segmentCount(db, owner, segment.definition);
  return { kind: "segment", segmentId: segment.id, name: segment.name, totalBytes: total };
}

const BATCH = 1000;
const FIXED = ["number", "name", "email", "language"] as const;

/** The segment's rows (header first); undefined when the segment is gone. `progress.bytes` counts contacts read. */
export async function segmentRows(
  db: Db,
  segmentId: string | null,
  progress: { bytes: number },
): Promise<RowBatches | undefined> {
  if (!segmentId) return undefined;
  const [segment] = await db.select().from(segments).where(eq(segments.id, segmentId));
  if (!segment) return undefined;
  const keys = (
    await db
      .select({ key: contactAttributeDefs.key })
      .from(contactAttributeDefs)
      .where(eq(contactAttributeDefs.userId, segment.userId))
      .orderBy(asc(contactAttributeDefs.key))
  ).map((r) => r.key);
  // The moment the audience is read: contacts added after it are not in this campaign.
  const [{ now }] = await db.select({ now: sql<string>`now()::text` }).from(sql`(select 1) as one`);
  const where = and(
    segmentWhere(segment.userId, segment.definition),
    lte(contacts.createdAt, sql`${now}::timestamptz`),
  );
  const header: AudienceRow = { row: 1, cells: [...FIXED, ...keys] };
  return (async function* () {
    yield [header];
    let after: string | undefined;
    let row = 1;
    for (;;) {
      const batch = await db
        .select()
        .from(contacts)
        .where(after ? and(where, gt(contacts.id, after)) : where)
        .orderBy(asc(contacts.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      after = batch[batch.length - 1].id;
      progress.bytes += batch.length;
      yield batch.map((c) => ({
        row: ++row,
        cells: [c.number, c.name, c.email, c.language, ...keys.map((k) => cellOf(c.attributes[k]))],
      }));
      if (batch.length < BATCH) return;
    }
  })();
}

const cellOf = (value: string | number | boolean | undefined): string => (value === undefined ? "" : String(value));
