import { parse } from "csv-parse";
import type ExcelJS from "exceljs";
import { loadExcel } from "../../excel";
import { untilRefused, zipGuard, ZIP_LIMITS } from "../../files/zip-guard";
import { Transform, type Readable } from "node:stream";

/** One audience row: its number as the person sees it (1-based line / sheet row / pasted item) and its cells. */
export interface AudienceRow {
  row: number;
  cells: string[];
}

/** A readable source's bytes as they are consumed: the validating progress bar. */
export class ByteCounter extends Transform {
  bytes = 0;
  /** Text files never hold NUL bytes; one means binary junk sent as CSV (caught here, before csv-parse chews on it). */
  constructor(private readonly text: boolean) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.text && chunk.includes(0)) return done(new JunkError());
    done(null, chunk);
  }
}

export class JunkError extends Error {
  constructor() {
    super("The file is not a readable CSV or Excel file");
  }
}

/** Rows are handed on in batches: one await per batch, not per row (a million awaits cost seconds). */
export type RowBatches = AsyncIterable<AudienceRow[]>;
const BATCH = 1000;

/** Everything a readable object stream has buffered, up to BATCH records, waiting only when it has none. */
async function* drained<T>(stream: Readable): AsyncGenerator<T[]> {
  let failure: unknown;
  stream.on("error", (error) => {
    failure = error;
  });
  for (;;) {
    const batch: T[] = [];
    let record: T | null;
    while (batch.length < BATCH && (record = stream.read() as T | null) !== null) batch.push(record);
    if (batch.length) {
      yield batch;
      continue;
    }
    if (failure) throw failure;
    if (stream.readableEnded || stream.destroyed) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        for (const event of ["readable", "end", "error", "close"]) stream.off(event, done);
        resolve();
      };
      for (const event of ["readable", "end", "error", "close"]) stream.once(event, done);
    });
  }
}

/** CSV rows streamed through csv-parse: any delimiter it detects among , ; tab |, ragged rows allowed, BOM dropped. */
export async function* csvRows(source: Readable, counter: ByteCounter): RowBatches {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, delimiter: [",", ";", "\t", "|"] });
  source.on("error", (error) => parser.destroy(error));
  counter.on("error", (error) => parser.destroy(error));
  source.pipe(counter).pipe(parser);
  let row = 0;
  try {
    for await (const records of drained<string[]>(parser)) {
      yield records.map((cells) => ({ row: ++row, cells }));
    }
  } catch (error) {
    if (error instanceof JunkError) throw error;
    const code = (error as { code?: string }).code;
    if (code?.startsWith("CSV_")) throw new JunkError();
    throw error;
  } finally {
    source.destroy();
  }
}

type CellValue = ExcelJS.CellValue;

/** A cell as text: numbers without exponent or grouping, rich text joined, formulas by their result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return cellText(value.result as CellValue);
  if ("text" in value) return String(value.text);
  return "";
}

/** The first worksheet's rows, streamed by exceljs' WorkbookReader (shared strings cached, styles ignored). */
export async function* xlsxRows(source: Readable, counter: ByteCounter): RowBatches {
  // Inflated under the zip limits as exceljs reads it (the upload was checked too; this covers files stored before).
  const guard = zipGuard(ZIP_LIMITS.xlsx);
  const input = source.pipe(counter).pipe(guard);
  counter.on("error", (error) => input.destroy(error));
  // exceljs reads `input`; a failing store must end its read too.
  source.on("error", (error) => input.destroy(error));
  const excel = await loadExcel();
  const reader = new excel.stream.xlsx.WorkbookReader(input, { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "emit" });
  try {
    for await (const sheet of untilRefused(reader, guard)) {
      let batch: AudienceRow[] = [];
      for await (const row of untilRefused(sheet as AsyncIterable<ExcelJS.Row>, guard)) {
        // row.values is 1-based and sparse.
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        batch.push({ row: row.number, cells });
        if (batch.length >= BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
      return;
    }
  } catch (error) {
    if (error instanceof JunkError) throw error;
    throw Object.assign(new JunkError(), { cause: error });
  } finally {
    source.destroy();
  }
}

const SEPARATORS = /[\n,;]+/;

/** Pasted numbers: one per line or separated by commas or semicolons; each non-empty item is a row. */
export async function* pastedRows(text: string, progress: { bytes: number }): RowBatches {
  let row = 0;
  let batch: AudienceRow[] = [];
  for (const item of text.split(SEPARATORS)) {
    progress.bytes += item.length + 1;
    const value = item.trim();
    if (!value) continue;
    batch.push({ row: ++row, cells: [value] });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
