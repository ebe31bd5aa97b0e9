import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import type ExcelJS from "exceljs";
import { loadExcel } from "./excel";
import { untilRefused, zipGuard, ZIP_LIMITS } from "./files/zip-guard";
import { badRequest } from "../http/errors";
import { NumberCollector } from "./suppressions";

// Numbers from an uploaded CSV or XLSX file, read as a stream (csv-parse; exceljs' streaming reader): the phone
// column when the first row names one, else the first column.

const PHONE_HEADER = /phone|mobile|number|msisdn|contact|whatsapp/i;

/** Which column holds the numbers, from the first row; `header` when that row is a header to skip. */
function phoneColumn(first: readonly string[]): { index: number; header: boolean } {
  const named = first.findIndex((cell) => PHONE_HEADER.test(cell));
  if (named >= 0) return { index: named, header: true };
  return { index: 0, header: false };
}

type CellValue = ExcelJS.CellValue;

/** The text a person sees in a cell (numbers stored as numbers, rich text, hyperlinks, formula results). */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return "";
  if ("richText" in value) return value.richText.map((t) => t.text).join("");
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("result" in value && value.result !== undefined) return cellText(value.result as CellValue);
  return "";
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
  // Inflated under the zip limits as exceljs reads it; a refusal (413/422) ends the read.
  const guard = zipGuard(ZIP_LIMITS.xlsx);
  stream.on("error", (error) => guard.destroy(error));
  const excel = await loadExcel();
  const reader = new excel.stream.xlsx.WorkbookReader(stream.pipe(guard), { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", entries: "emit" });
  for await (const sheet of untilRefused(reader, guard)) {
    let column: { index: number; header: boolean } | undefined;
    for await (const row of untilRefused(sheet as unknown as AsyncIterable<ExcelJS.Row>, guard)) {
      // row.values is 1-based, with a hole at 0.
      const values = (Array.isArray(row.values) ? row.values.slice(1) : []).map((v) => cellText(v as CellValue).trim());
      if (!column) {
        column = phoneColumn(values);
        if (column.header) continue;
      }
      collector.add(row.number, values[column.index] ?? "");
    }
    return; // the first sheet only
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
