import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { DndSource } from "../../../contract/domain/dnd";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import { readTableRows } from "../files/table-rows";
import { NO_NUMBERS, phoneColumn } from "../suppressions/import";
import { NumberCollector } from "../suppressions/list";

// An aggregator's scrub file: numbers (the phone column, or the first), optionally a preference column (TRAI's
// categories as digits, "1,7"; 0 or "fully blocked" is the full block; empty means fully blocked) and a consent
// column (yes/true/1: the customer's consent to this sender is recorded on DLT).

const PREFERENCE_HEADER = /prefer|categor|block/i;
const CONSENT_HEADER = /consent/i;
const CONSENTED = /^(y|yes|true|1|consented|given)$/i;
const INSERT_CHUNK = 2000;

export interface DndImportEntry {
  preferences: number[];
  consent: boolean;
}

export function preferencesOf(cell: string): number[] {
  if (/full/i.test(cell)) return [0];
  const digits = (cell.match(/\d+/g) ?? []).map(Number).filter((n) => n >= 0 && n <= 8);
  return [...new Set(digits)].sort((a, b) => a - b);
}

export interface DndFile {
  collector: NumberCollector;
  entries: Map<string, DndImportEntry>;
}

/** Reads the scrub file; a file that is not CSV or XLSX, or that has no valid number, is refused (nothing written). */
export async function readDndFile(stream: Readable, filename: string): Promise<DndFile> {
  const collector = new NumberCollector();
  const entries = new Map<string, DndImportEntry>();
  let columns: { phone: number; preferences: number; consent: number } | undefined;
  await readTableRows(stream, filename, (row, cells) => {
    if (!columns) {
      const phone = phoneColumn(cells);
      columns = {
        phone: phone.index,
        preferences: phone.header ? cells.findIndex((c) => PREFERENCE_HEADER.test(c)) : -1,
        consent: phone.header ? cells.findIndex((c) => CONSENT_HEADER.test(c)) : -1,
      };
      if (phone.header) return;
    }
    collector.add(row, cells[columns.phone] ?? "");
    const number = collector.last;
    if (!number) return;
    entries.set(number, {
      preferences: columns.preferences >= 0 ? preferencesOf(cells[columns.preferences] ?? "") : [],
      consent: columns.consent >= 0 && CONSENTED.test((cells[columns.consent] ?? "").trim()),
    });
  });
  if (collector.numbers.size === 0)
    throw badRequest(NO_NUMBERS, [{ field: "file", message: "has no valid phone numbers" }]);
  return { collector, entries };
}

/**
 * Adds or replaces entries in one transaction (a newer scrub file is the customer's newer preferences). Answers how
 * many numbers were written.
 */
export async function upsertDnd(
  db: Db,
  ownerId: string,
  entries: ReadonlyMap<string, DndImportEntry>,
  source: DndSource,
  detail: string,
): Promise<number> {
  const all = [...entries].map(([number, e]) => ({ number, preferences: e.preferences, consent: e.consent }));
  if (all.length === 0) return 0;
  return db.transaction(async (tx) => {
    let written = 0;
    for (let i = 0; i < all.length; i += INSERT_CHUNK) {
      const chunk = JSON.stringify(all.slice(i, i + INSERT_CHUNK));
      const result: unknown = await tx.execute(sql`
        with ins as (
          insert into dnd_numbers (user_id, number, preferences, consent, source, detail)
          select ${ownerId}::uuid, e->>'number', array(select jsonb_array_elements_text(e->'preferences'))::int[], (e->>'consent')::boolean, ${source}, ${detail}
          from jsonb_array_elements(${chunk}::jsonb) as e
          on conflict (user_id, number) do update set preferences = excluded.preferences, consent = excluded.consent, source = excluded.source,
            detail = excluded.detail, updated_at = now()
          returning 1)
        select count(*)::int as n from ins`);
      written += (result as { rows: { n: number }[] }).rows[0].n;
    }
    return written;
  });
}
