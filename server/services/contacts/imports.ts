// Contacts imports as the calls see them: created from an uploaded file, started with a mapping and a mode, read back
// with their counts (the progress bar polls them), and their rejected rows as CSV. Every query is scoped to the owner:
// another account's import answers 404 like a missing one.
import { Readable } from "node:stream";
import { and, asc, eq, gt } from "drizzle-orm";
import {
  IMPORT_ATTRIBUTE_PREFIX,
  IMPORT_BUILT_IN_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_SKIP,
  suggestMapping,
  type ImportMode,
} from "../../../contract/domain/contact-import";
import type { ContactImportRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { contactImportRejects, contactImports } from "../../db/schema";
import { badRequest, conflict, notFound, type FieldError, joinFieldErrors } from "../../http/errors";
import type { Storage } from "../../storage";
import { csvLine } from "../campaigns/csv-safe";
import { isUuid } from "../caller";
import { definitionsOf, listAttributes } from "./attributes";
import { readHead, type ImportSource } from "./import-source";

type Row = typeof contactImports.$inferSelect;

export const toImportRecord = (r: Row, suggested: string[] = []): ContactImportRecord => ({
  id: r.id,
  fileName: r.fileName,
  status: r.status,
  statusReason: r.statusReason,
  headers: r.headers,
  preview: r.preview,
  suggested,
  mapping: r.mapping,
  mode: r.mode,
  totalBytes: r.totalBytes,
  readBytes: r.readBytes,
  rowsRead: r.rowsRead,
  created: r.created,
  updated: r.updated,
  skipped: r.skipped,
  rejected: r.rejected,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export interface StoredFile extends ImportSource {
  name: string;
  bytes: number;
}

/** Reads the stored file's headers and first rows; a file without them is deleted and refused (nothing written). */
export async function createImport(
  db: Db,
  storage: Storage,
  owner: string,
  callerId: string,
  file: StoredFile,
): Promise<ContactImportRecord> {
  let head;
  try {
    head = await readHead(storage, file);
  } catch (error) {
    await storage.delete(file.key).catch(() => undefined);
    throw error;
  }
  const [row] = await db
    .insert(contactImports)
    .values({
      userId: owner,
      createdBy: callerId,
      fileName: file.name,
      sourceKind: file.kind,
      sourceKey: file.key,
      totalBytes: file.bytes,
      headers: head.headers,
      preview: head.preview,
    })
    .returning();
  return toImportRecord(row, suggestMapping(head.headers, await listAttributes(db, owner)));
}

export async function ownImport(db: Db, owner: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(IMPORT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.id, id), eq(contactImports.userId, owner)));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

/** The mapping's problems: one number column, each field once, only built-in fields and the account's attributes. */
export function mappingErrors(
  mapping: readonly string[],
  width: number,
  attributeKeys: ReadonlySet<string>,
): FieldError[] {
  const errors: FieldError[] = [];
  if (mapping.length > width)
    errors.push({ field: "mapping", message: IMPORT_MESSAGES.tooManyColumns(mapping.length) });
  const seen = new Set<string>();
  mapping.forEach((field, i) => {
    if (field === IMPORT_SKIP) return;
    const known =
      (IMPORT_BUILT_IN_FIELDS as readonly string[]).includes(field) ||
      (field.startsWith(IMPORT_ATTRIBUTE_PREFIX) && attributeKeys.has(field.slice(IMPORT_ATTRIBUTE_PREFIX.length)));
    if (!known) errors.push({ field: `mapping.${i}`, message: IMPORT_MESSAGES.unknownField(field) });
    else if (seen.has(field)) errors.push({ field: `mapping.${i}`, message: IMPORT_MESSAGES.twice(field) });
    seen.add(field);
  });
  if (!seen.has("number")) errors.push({ field: "mapping", message: IMPORT_MESSAGES.noNumber });
  return errors;
}

/** Checks the mapping against the file and the account, then queues the import for the job (due now). */
export async function startImport(
  db: Db,
  owner: string,
  id: string,
  body: { mapping: string[]; mode: ImportMode },
): Promise<ContactImportRecord> {
  const current = await ownImport(db, owner, id);
  const keys = new Set((await definitionsOf(db, owner)).keys());
  const errors = mappingErrors(body.mapping, current.headers.length, keys);
  if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
  const [row] = await db
    .update(contactImports)
    // Due by this process's clock, as the claim reads it: the database's now() has microseconds, and a claim made within
    // the same millisecond compared it with a later, truncated time and left the import waiting for the next round.
    .set({ mapping: body.mapping, mode: body.mode, status: "queued", nextRunAt: new Date() })
    .where(and(eq(contactImports.id, current.id), eq(contactImports.status, "uploaded")))
    .returning();
  if (!row) throw conflict(IMPORT_MESSAGES.notUploaded);
  return toImportRecord(row);
}

const PAGE = 2000;

async function* rejectLines(db: Db, row: Row): AsyncGenerator<string> {
  yield csvLine(["row", "reason", ...row.headers]);
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(contactImportRejects)
      .where(and(eq(contactImportRejects.importId, row.id), gt(contactImportRejects.row, after)))
      .orderBy(asc(contactImportRejects.row))
      .limit(PAGE);
    for (const r of page) yield csvLine([r.row, r.reason, ...r.cells]);
    if (page.length < PAGE) return;
    after = page[page.length - 1].row;
  }
}

/** The rejected rows as CSV: the file's row number, the reason, then the row's own cells under the file's headers. */
export function rejectsCsv(db: Db, row: Row): Readable {
  return Readable.from(rejectLines(db, row));
}
