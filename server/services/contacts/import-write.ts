// The import's set-based writes (STACK gotcha 8): one INSERT … ON CONFLICT per batch of contacts, each column one
// array parameter unnest'ed in SQL, and one INSERT per batch of rejected rows. Never a statement per row.
import { sql } from "drizzle-orm";
import { CONTACT_LABELS_MAX } from "../../../contract/domain/contacts";
import type { ImportMode } from "../../../contract/domain/contact-import";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { contactEventsWanted, enqueueContactChanges, type ContactEventRow } from "./events";
import type { ImportedContact } from "./import-rows";

export interface RejectedImportRow {
  row: number;
  cells: string[];
  reason: string;
}

// PostgreSQL text cannot hold NUL.
const noNul = (value: string) => value.replace(/\0/g, "");
const orNull = (value: string | undefined) => (value === undefined ? null : noNul(value));

/** Mode update: each non-empty mapped cell replaces its field, labels are added, attributes merged over. */
const UPDATE_SET = sql`
  name = case when excluded.name = '' then contacts.name else excluded.name end,
  email = case when excluded.email = '' then contacts.email else excluded.email end,
  language = case when excluded.language = '' then contacts.language else excluded.language end,
  labels = (array(select distinct l from unnest(contacts.labels || excluded.labels) as l order by 1))[1:${sql.raw(String(CONTACT_LABELS_MAX))}],
  attributes = contacts.attributes || excluded.attributes,
  updated_at = now()`;

/**
 * Writes one batch (numbers unique within it: the job dedupes the whole file first). New numbers become contacts with
 * source 'import'. An existing number is updated (mode update: each non-empty mapped cell replaces its field, labels are
 * added to the contact's, attributes merged over its) or left alone (mode skip). Answers the counts.
 */
export async function writeContacts(
  tx: Tx,
  ownerId: string,
  mode: ImportMode,
  rows: readonly ImportedContact[],
): Promise<{ created: number; updated: number; skipped: number }> {
  if (!rows.length) return { created: 0, updated: 0, skipped: 0 };
  const labels = rows.map((r) => (r.labels ? pgArray(r.labels.map(noNul)) : null));
  const attributes = rows.map((r) => (Object.keys(r.attributes).length ? noNul(JSON.stringify(r.attributes)) : null));
  const insert = sql`
    insert into contacts (user_id, number, name, email, language, labels, attributes, source)
    select ${ownerId}::uuid, v.number, coalesce(v.name, ''), coalesce(v.email, ''), coalesce(v.language, ''),
      coalesce(v.labels::text[], '{}'::text[]), coalesce(v.attributes::jsonb, '{}'::jsonb), 'import'
    from unnest(${pgArray(rows.map((r) => r.number))}::text[], ${pgArray(rows.map((r) => orNull(r.name)))}::text[],
      ${pgArray(rows.map((r) => orNull(r.email)))}::text[], ${pgArray(rows.map((r) => orNull(r.language)))}::text[],
      ${pgArray(labels)}::text[], ${pgArray(attributes)}::text[]) as v(number, name, email, language, labels, attributes)`;
  // An account with an endpoint subscribed to contact.updated: the same statement returns the rows it wrote, and their
  // events are enqueued in one more statement of the batch's transaction (the caller's: import-run.ts writes a batch,
  // its rejects and its counts in one). Everyone else keeps the counting statement.
  if (contactEventsWanted(ownerId)) {
    const conflict =
      mode === "skip"
        ? sql`on conflict (user_id, number) do nothing`
        : sql`on conflict (user_id, number) do update set ${UPDATE_SET}`;
    const written = await rowsOf<ContactEventRow & { inserted: boolean }>(
      tx,
      sql`${insert} ${conflict} returning id::text as id, number, name, email, language, labels, attributes,
        updated_at::text as "updatedAt", (xmax = 0) as inserted`,
    );
    await enqueueContactChanges(
      tx,
      ownerId,
      "import",
      written.map((row) => ({ action: row.inserted ? ("created" as const) : ("updated" as const), row })),
    );
    const created = written.filter((w) => w.inserted).length;
    return { created, updated: written.length - created, skipped: rows.length - written.length };
  }
  if (mode === "skip") {
    const [{ created }] = await rowsOf<{ created: number }>(
      tx,
      sql`with w as (${insert} on conflict (user_id, number) do nothing returning 1) select count(*)::int as created from w`,
    );
    return { created, updated: 0, skipped: rows.length - created };
  }
  // xmax = 0 only on a row this statement inserted; an updated row carries the updating transaction's id.
  const [counts] = await rowsOf<{ created: number; updated: number }>(
    tx,
    sql`with w as (${insert}
      on conflict (user_id, number) do update set ${UPDATE_SET}
      returning (xmax = 0) as inserted)
    select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated from w`,
  );
  return { ...counts, skipped: 0 };
}

export async function writeRejects(db: Db | Tx, importId: string, rows: readonly RejectedImportRow[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`
    insert into contact_import_rejects (import_id, "row", cells, reason)
    select ${importId}::uuid, v.row, v.cells::text[], v.reason
    from unnest(${pgArray(rows.map((r) => r.row))}::int[], ${pgArray(rows.map((r) => pgArray(r.cells.map(noNul))))}::text[],
      ${pgArray(rows.map((r) => noNul(r.reason)))}::text[]) as v(row, cells, reason)
    on conflict do nothing`);
}
