// The public API's bulk upsert (issue 39, item 6): up to 1,000 contacts keyed by number. Each row is checked on its own
// (number, attributes, a number twice in the request, an erased number) and fails alone; the valid rows are written in
// one transaction by two set-based statements (update the known numbers, insert the new ones), with their
// contact.updated events. A row whose fields already hold what it sends changes nothing and is `unchanged`, so
// repeating a request is harmless with or without an Idempotency-Key.
import { sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { ContactUpsertResult } from "../../../contract/calls/public-contacts";
import { DEFAULT_REGION } from "../../../contract/domain/campaigns";
import { cleanLabels, type AttributeValue } from "../../../contract/domain/contacts";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { normalizeNumber } from "../campaigns/audience/phone";
import { attributeErrors, definitionsOf } from "./attributes";
import { erasedHash } from "./erased";
import { enqueueContactChanges, type ContactEventRow } from "./events";

type Row = SchemaBody<"public-contact-upsert">["contacts"][number];
export type UpsertResult = Static<typeof ContactUpsertResult>;
export interface UpsertAnswer {
  results: UpsertResult[];
  counts: Record<"created" | "updated" | "unchanged" | "failed", number>;
}

interface Valid {
  index: number;
  number: string;
  row: Row;
}

interface Written extends ContactEventRow {
  inserted: boolean;
}

const failed = (index: number, errors: UpsertResult["errors"]): UpsertResult => ({
  index,
  status: "failed",
  id: null,
  number: null,
  errors,
});

/** Splits the rows into those that may be written and the failures, named by index. */
async function checkRows(db: Db, ownerId: string, rows: readonly Row[]) {
  const defs = await definitionsOf(db, ownerId);
  const failures: UpsertResult[] = [];
  const valid: Valid[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const at = `contacts/${index}`;
    const verdict = normalizeNumber(row.number, DEFAULT_REGION);
    const attributes = (row.attributes ?? {}) as Record<string, AttributeValue>;
    const errors = attributeErrors(defs, attributes).map((e) => ({ ...e, field: `${at}/${e.field}` }));
    const number = verdict.ok ? verdict.e164 : null;
    if (!verdict.ok) errors.unshift({ field: `${at}/number`, message: verdict.reason });
    else if (number && seen.has(number))
      errors.unshift({ field: `${at}/number`, message: `repeats row ${seen.get(number)} of this request` });
    if (errors.length || !number) return failures.push(failed(index, errors));
    seen.set(number, index);
    valid.push({ index, number, row });
  });
  // Erased numbers are never stored again (one lookup for the whole request).
  const hashes = await Promise.all(valid.map((v) => erasedHash(db, v.number)));
  const erased = new Set(
    (
      await rowsOf<{ hash: string }>(
        db,
        sql`select hash from erased_numbers where user_id = ${ownerId} and hash = any(${pgArray(hashes)}::text[])`,
      )
    ).map((r) => r.hash),
  );
  const kept = valid.filter((v, i) => {
    if (!erased.has(hashes[i])) return true;
    failures.push(
      failed(v.index, [{ field: `contacts/${v.index}/number`, message: "was erased at the person's request" }]),
    );
    return false;
  });
  return { valid: kept, failures };
}

const text = (value: string | undefined) => (value === undefined ? null : value.trim());

/** The two statements: known numbers take the fields sent (attributes merged over theirs), new numbers are inserted. */
async function write(tx: Tx, ownerId: string, rows: readonly Valid[]): Promise<Written[]> {
  const col = (f: (r: Valid) => string | null) => pgArray(rows.map(f));
  const values = sql`select * from unnest(${col((r) => r.number)}::text[], ${col((r) => text(r.row.name))}::text[],
      ${col((r) => text(r.row.email))}::text[], ${col((r) => text(r.row.language))}::text[],
      ${col((r) => (r.row.labels ? pgArray(cleanLabels(r.row.labels)) : null))}::text[],
      ${col((r) => (r.row.attributes ? JSON.stringify(r.row.attributes) : null))}::text[])
    as v(number, name, email, language, labels, attributes)`;
  // Qualified: the update's FROM has columns of the same names.
  const returning = sql`c.id::text as id, c.number, c.name, c.email, c.language, c.labels, c.attributes, c.updated_at::text as "updatedAt"`;
  const updated = await rowsOf<Written>(
    tx,
    sql`with v as (${values}), n as (
      select c.id, coalesce(v.name, c.name) as name, coalesce(v.email, c.email) as email,
        coalesce(v.language, c.language) as language, coalesce(v.labels::text[], c.labels) as labels,
        c.attributes || coalesce(v.attributes::jsonb, '{}'::jsonb) as attributes
      from contacts c join v on c.user_id = ${ownerId} and c.number = v.number
      where (c.name, c.email, c.language, c.labels, c.attributes) is distinct from
        (coalesce(v.name, c.name), coalesce(v.email, c.email), coalesce(v.language, c.language),
         coalesce(v.labels::text[], c.labels), c.attributes || coalesce(v.attributes::jsonb, '{}'::jsonb))
    )
    update contacts c set name = n.name, email = n.email, language = n.language, labels = n.labels,
      attributes = n.attributes, updated_at = now()
    from n where c.id = n.id
    returning ${returning}, false as inserted`,
  );
  const created = await rowsOf<Written>(
    tx,
    sql`with v as (${values})
    insert into contacts as c (user_id, number, name, email, language, labels, attributes, source)
    select ${ownerId}::uuid, v.number, coalesce(v.name, ''), coalesce(v.email, ''), coalesce(v.language, ''),
      coalesce(v.labels::text[], '{}'::text[]), coalesce(v.attributes::jsonb, '{}'::jsonb), 'api'
    from v where not exists (select 1 from contacts c where c.user_id = ${ownerId} and c.number = v.number)
    on conflict (user_id, number) do nothing
    returning ${returning}, true as inserted`,
  );
  return [...updated, ...created];
}

/** Upserts the rows; answers each row's outcome in request order and the counts. */
export async function upsertContacts(
  db: Db,
  ownerId: string,
  rows: readonly Row[],
  /** Runs before the commit with the answer (the route stores it under the request's Idempotency-Key). */
  inTransaction: (tx: Tx, answer: UpsertAnswer) => Promise<void> = async () => {},
): Promise<UpsertAnswer> {
  const { valid, failures } = await checkRows(db, ownerId, rows);
  return db.transaction(async (tx) => {
    const written = valid.length ? await write(tx, ownerId, valid) : [];
    const byNumber = new Map(written.map((w) => [w.number, w]));
    const ids = new Map(
      valid.length
        ? (
            await rowsOf<{ id: string; number: string }>(
              tx,
              sql`select id::text as id, number from contacts where user_id = ${ownerId}
                  and number = any(${pgArray(valid.map((v) => v.number))}::text[])`,
            )
          ).map((r) => [r.number, r.id])
        : [],
    );
    const results: UpsertResult[] = [
      ...failures,
      ...valid.map((v): UpsertResult => {
        const w = byNumber.get(v.number);
        const status = w ? (w.inserted ? "created" : "updated") : "unchanged";
        return { index: v.index, status, id: w?.id ?? ids.get(v.number) ?? null, number: v.number, errors: [] };
      }),
    ].sort((a, b) => a.index - b.index);
    await enqueueContactChanges(
      tx,
      ownerId,
      "api",
      written.map((row) => ({ action: row.inserted ? ("created" as const) : ("updated" as const), row })),
    );
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    for (const r of results) counts[r.status] += 1;
    await inTransaction(tx, { results, counts });
    return { results, counts };
  });
}
