// A definition's count and its first contacts: the builder's live count, the list's counts and the campaign
// wizard's picker. The count is one aggregate over the compiled WHERE (bench/segments.mjs measures it).
import { asc, count, sql } from "drizzle-orm";
import { SEGMENT_SAMPLE_SIZE, type SegmentDefinition } from "../../../contract/domain/segments";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";
import { toContact, type ContactOut } from "../contacts/records";
import { segmentWhere } from "./compile";

export async function segmentCount(db: Db, ownerId: string, definition: SegmentDefinition): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(contacts).where(segmentWhere(ownerId, definition));
  return Number(n);
}

/** The first contacts by number (a stable order the person can check against the list). */
export async function segmentSample(db: Db, ownerId: string, definition: SegmentDefinition): Promise<ContactOut[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(segmentWhere(ownerId, definition))
    .orderBy(asc(contacts.number))
    .limit(SEGMENT_SAMPLE_SIZE);
  return rows.map(toContact);
}

/** Ids the definition selects, in id order (the tests compare them with the expected contacts). */
export async function segmentIds(db: Db, ownerId: string, definition: SegmentDefinition): Promise<string[]> {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(sql`${segmentWhere(ownerId, definition)}`)
    .orderBy(asc(contacts.id));
  return rows.map((r) => r.id);
}
