// The import file's rows, read from Storage by the campaign audience's readers (csv-parse, or exceljs in a worker under
// the zip, memory and time limits): nothing here parses a file itself.
import { IMPORT_MESSAGES, IMPORT_PREVIEW_ROWS, IMPORT_MAX_COLUMNS } from "../../../contract/domain/contact-import";
import { badRequest } from "../../http/errors";
import type { Storage } from "../../storage";
import { ByteCounter, csvRows, JunkError, xlsxRows, type AudienceRow } from "../campaigns/audience/rows";

export interface ImportSource {
  kind: "csv" | "xlsx";
  key: string;
}

export interface OpenRows {
  batches: AsyncIterator<AudienceRow[]>;
  bytes: () => number;
}

export const filled = (cells: readonly string[]) => cells.some((c) => c.trim() !== "");

export async function openRows(storage: Storage, source: ImportSource): Promise<OpenRows | undefined> {
  const stream = await storage.get(source.key);
  if (!stream) return undefined;
  const counter = new ByteCounter(source.kind === "csv");
  const rows = source.kind === "xlsx" ? xlsxRows(stream, counter) : csvRows(stream, counter, ",");
  return { batches: rows[Symbol.asyncIterator](), bytes: () => counter.bytes };
}

const unreadable = (message: string) => badRequest(`file: ${message}`, [{ field: "file", message }]);

/** The headers (the first row with a value) and the rows under them for the mapping step; the read stops there. */
export async function readHead(
  storage: Storage,
  source: ImportSource,
): Promise<{ headers: string[]; preview: string[][] }> {
  const open = await openRows(storage, source);
  if (!open) throw unreadable(IMPORT_MESSAGES.missingFile);
  const rows: string[][] = [];
  try {
    while (rows.length < IMPORT_PREVIEW_ROWS + 1) {
      const next = await open.batches.next();
      if (next.done) break;
      for (const r of next.value) if (filled(r.cells) && rows.length < IMPORT_PREVIEW_ROWS + 1) rows.push(r.cells);
    }
  } catch (error) {
    if (error instanceof JunkError) throw unreadable(error.message);
    throw error;
  } finally {
    await open.batches.return?.();
  }
  const [header, ...preview] = rows;
  if (!header) throw unreadable(IMPORT_MESSAGES.noHeader);
  const width = Math.min(IMPORT_MAX_COLUMNS, Math.max(header.length, ...preview.map((r) => r.length)));
  const fit = (cells: readonly string[]) =>
    Array.from({ length: width }, (_, i) => (cells[i] ?? "").trim().slice(0, 200));
  return {
    headers: fit(header).map((h, i) => h || `Column ${i + 1}`),
    preview: preview.map(fit),
  };
}
