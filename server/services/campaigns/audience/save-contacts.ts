// "Save this audience to contacts" (issue 39, item 1: contacts created and updated from campaign files). Each batch's
// accepted rows are upserted into the campaign's contacts owner with one statement (STACK gotcha 8), in the
// transaction that also adds the counts and moves the campaign's `contacts_through_row` past the batch: a restarted
// ingest (it reads the file again from the first row) skips the rows an earlier run already saved, so nothing is
// counted twice and no event is raised twice.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pgArray, rowsOf, type Tx } from "../../../db/sql";
import { erasedNumberWhere } from "../../contacts/erased";
import { contactEventsWanted, enqueueContactChanges, type ContactEventRow } from "../../contacts/events";
import type { RecipientRow } from "./writer";

export interface SavedCounts {
  created: number;
  updated: number;
  /** Existing contacts left as they were, and erased numbers (never stored again). */
  skipped: number;
}

// PostgreSQL text cannot hold NUL.
const noNul = (value: string) => value.replace(/\0/g, "");

/**
 * Upserts one batch's accepted rows (numbers unique: the ingest dedupes the whole file) into `ownerId`'s contacts.
 * A new number becomes a contact with source 'campaign_file' and the file's name (if it has a name column); an
 * existing contact keeps every value, except an empty name, which the file's non-empty name fills. Numbers the account
 * erased are never created. Rows at or before `throughRow` were saved by an earlier run and are left out.
 */
export async function saveBatchToContacts(
  tx: Tx,
  ownerId: string,
  rows: readonly RecipientRow[],
  throughRow: number,
): Promise<SavedCounts> {
  const fresh = rows.filter((r) => r.row > throughRow);
  if (!fresh.length) return { created: 0, updated: 0, skipped: 0 };
  const names = fresh.map((r) => (r.name === null ? "" : noNul(r.name)));
  const upsert = sql`
    insert into contacts (user_id, number, name, source)
    select ${ownerId}::uuid, v.number, v.name, 'campaign_file'
    from unnest(${pgArray(fresh.map((r) => r.number))}::text[], ${pgArray(names)}::text[]) as v(number, name)
    where not ${erasedNumberWhere(ownerId, sql`v.number`)}
    on conflict (user_id, number) do update set name = excluded.name, updated_at = now()
      where contacts.name = '' and excluded.name <> ''`;
  // The import's events (events.ts): only an account subscribed to contact.updated pays for the returned rows.
  if (contactEventsWanted(ownerId)) {
    const written = await rowsOf<ContactEventRow & { inserted: boolean }>(
      tx,
      sql`${upsert} returning id::text as id, number, name, email, language, labels, attributes,
        updated_at::text as "updatedAt", (xmax = 0) as inserted`,
    );
    await enqueueContactChanges(
      tx,
      ownerId,
      "campaign_file",
      written.map((row) => ({ action: row.inserted ? ("created" as const) : ("updated" as const), row })),
    );
    const created = written.filter((w) => w.inserted).length;
    return { created, updated: written.length - created, skipped: fresh.length - written.length };
  }
  // xmax = 0 only on a row this statement inserted; an updated row carries the updating transaction's id.
  const [counts] = await rowsOf<{ created: number; updated: number }>(
    tx,
    sql`with w as (${upsert} returning (xmax = 0) as inserted)
    select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated
    from w`,
  );
  return { ...counts, skipped: fresh.length - counts.created - counts.updated };
}

/** The campaign's counts after a batch, in the batch's transaction; the last row saved becomes the new mark. */
export async function addSavedCounts(
  tx: Tx | Db,
  campaignId: string,
  counts: SavedCounts,
  lastRow: number,
): Promise<void> {
  await tx.execute(sql`
    update campaigns set contacts_created = contacts_created + ${counts.created},
      contacts_updated = contacts_updated + ${counts.updated},
      contacts_skipped = contacts_skipped + ${counts.skipped},
      contacts_through_row = greatest(contacts_through_row, ${lastRow})
    where id = ${campaignId}`);
}

/** What an ingest calls per batch when the campaign saves its audience; null when it does not (or has no file). */
export type ContactSaver = (tx: Tx, batch: readonly RecipientRow[]) => Promise<void>;

export function contactSaver(
  campaign: { id: string; saveToContacts: boolean; sourceKind: string; contactsThroughRow: number },
  ownerId: string | null,
): ContactSaver | null {
  if (!campaign.saveToContacts || !ownerId || (campaign.sourceKind !== "csv" && campaign.sourceKind !== "xlsx"))
    return null;
  // Rows up to the mark were saved (and counted) by a run that died later; every later batch is past it anyway.
  const throughRow = campaign.contactsThroughRow;
  return async (tx, batch) => {
    if (!batch.length) return;
    const counts = await saveBatchToContacts(tx, ownerId, batch, throughRow);
    await addSavedCounts(tx, campaign.id, counts, batch[batch.length - 1].row);
  };
}

/** What a campaign's record says of its saved contacts (null when it does not save its audience). */
export const savedContactsOf = (row: {
  saveToContacts: boolean;
  contactsCreated: number;
  contactsUpdated: number;
  contactsSkipped: number;
}): SavedCounts | null =>
  row.saveToContacts
    ? { created: row.contactsCreated, updated: row.contactsUpdated, skipped: row.contactsSkipped }
    : null;
