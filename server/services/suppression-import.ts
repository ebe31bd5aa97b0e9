import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { xlsxRowsInWorker } from "./files/xlsx-in-worker";
import { badRequest } from "../http/errors";
import { NumberCollector } from "./suppressions";

// Numbers from an uploaded CSV or XLSX file, read as a stream (csv-parse; exceljs' streaming reader in a worker): the phone
// column when the first row names one, else the first column.

const PHONE_HEADER = /phone|mobile|number|msisdn|contact|whatsapp/i;

/** Which column holds the numbers, from the first row; `header` when that row is a header to skip. */
function phoneColumn(first: readonly string[]): { index: number; header: boolean } {
  const named = first.findIndex((cell) => PHONE_HEADER.test(cell));
  if (named >= 0) return { index: named, header: true };
  return { index: 0, header: false };
}

async function fromCsv(stream: Readable, collector: NumberCollector): Promise<void> {
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }));
  let column: { index: number; header: boolean } | undefined;
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row += 1;
    if (!column) {
      column = phoneColumn(record);
      if (column.header) continue;
    }
    collector.add(row, record[column.index] ?? "");
  }
}

async function fromXlsx(stream: Readable, collector: NumberCollector): Promise<void> {
  // Read in a worker under the zip and memory limits; a refusal (413/422) ends the read.
  let column: { index: number; header: boolean } | undefined;
  for await (const rows of xlsxRowsInWorker(stream)) {
    for (const { row, cells } of rows) {
      const values = cells.map((cell) => cell.trim());
      if (!column) {
        column = phoneColumn(values);
        if (column.header) continue;
      }
      collector.add(row, values[column.index] ?? "");
    }
  }
}

export const NO_NUMBERS = "The file has no valid phone numbers (put them in a column named phone, or the first column)";

/** Reads the file's numbers; a file that is not CSV or XLSX, or that has no valid number, is refused. */
export async function readSuppressionFile(stream: Readable, filename: string): Promise<NumberCollector> {
  const collector = new NumberCollector();
  const lower = filename.toLowerCase();
  try {
    if (lower.endsWith(".xlsx")) await fromXlsx(stream, collector);
    else if (lower.endsWith(".csv") || lower.endsWith(".txt")) await fromCsv(stream, collector);
    else throw badRequest("Upload a .csv or .xlsx file", [{ field: "file", message: "must be a .csv or .xlsx file" }]);
  } catch (error) {
    if (error instanceof Error && "statusCode" in error) throw error;
    throw badRequest(`The file could not be read: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`, [{ field: "file", message: "could not be read" }]);
  }
  if (collector.numbers.size === 0) throw badRequest(NO_NUMBERS, [{ field: "file", message: "has no valid phone numbers" }]);
  return collector;
}
