import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { badRequest } from "../../http/errors";
import { xlsxRowsInWorker } from "./xlsx-in-worker";

// The rows of an uploaded CSV or XLSX list (the suppression list's and the DND list's imports), read as a stream:
// csv-parse, or exceljs' streaming reader in a worker under the zip and memory limits (a refusal, 413/422, ends the
// read). Each row is handed over with its 1-based row number and its cells, trimmed.

export type RowSink = (row: number, cells: readonly string[]) => void;

async function fromCsv(stream: Readable, sink: RowSink): Promise<void> {
  const parser = stream.pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) sink(++row, record);
}

async function fromXlsx(stream: Readable, sink: RowSink): Promise<void> {
  for await (const rows of xlsxRowsInWorker(stream)) {
    for (const { row, cells } of rows)
      sink(
        row,
        cells.map((cell) => cell.trim()),
      );
  }
}

/** Reads every row of a .csv/.txt or .xlsx file; another kind, or a file that cannot be read, is a clear 400. */
export async function readTableRows(stream: Readable, filename: string, sink: RowSink): Promise<void> {
  const lower = filename.toLowerCase();
  try {
    if (lower.endsWith(".xlsx")) await fromXlsx(stream, sink);
    else if (lower.endsWith(".csv") || lower.endsWith(".txt")) await fromCsv(stream, sink);
    else throw badRequest("Upload a .csv or .xlsx file", [{ field: "file", message: "must be a .csv or .xlsx file" }]);
  } catch (error) {
    if (error instanceof Error && "statusCode" in error) throw error;
    throw badRequest(
      `The file could not be read: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`,
      [{ field: "file", message: "could not be read" }],
    );
  }
}
