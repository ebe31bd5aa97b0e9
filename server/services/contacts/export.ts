// The searched and filtered contacts as CSV, last updated first: the list's pages walked by cursor and written as they
// come, so a large export never holds more than a page. One column per attribute the account defines.
import { Readable } from "node:stream";
import { CONTACT_EXPORT_MAX_ROWS } from "../../../contract/domain/contacts";
import type { Db } from "../../db/client";
import { csvLine } from "../campaigns/csv-safe";
import { listAttributes } from "./attributes";
import { contactPage, type ContactFilters } from "./list";

const PAGE = 500;
export const CONTACT_CSV_HEADER = [
  "number",
  "name",
  "email",
  "language",
  "labels",
  "source",
  "created_at",
  "updated_at",
];

async function* lines(db: Db, ownerId: string, filters: ContactFilters): AsyncGenerator<string> {
  const keys = (await listAttributes(db, ownerId)).map((a) => a.key);
  yield csvLine([...CONTACT_CSV_HEADER, ...keys]);
  let cursor: string | undefined;
  let written = 0;
  for (;;) {
    const page = await contactPage(db, ownerId, { ...filters, cursor, limit: PAGE });
    for (const c of page.rows) {
      if (written === CONTACT_EXPORT_MAX_ROWS) {
        yield csvLine([`Cut at ${CONTACT_EXPORT_MAX_ROWS} rows: narrow the search for the rest`]);
        return;
      }
      const values = keys.map((k) => {
        const v = c.attributes[k];
        return typeof v === "boolean" ? (v ? "yes" : "no") : v;
      });
      yield csvLine([
        c.number,
        c.name,
        c.email,
        c.language,
        c.labels.join("; "),
        c.source,
        c.createdAt,
        c.updatedAt,
        ...values,
      ]);
      written += 1;
    }
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

export function contactsCsv(db: Db, ownerId: string, filters: ContactFilters): Readable {
  return Readable.from(lines(db, ownerId, filters));
}
