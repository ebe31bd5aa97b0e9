// What an XLSX worker does: reads the first worksheet's rows with exceljs' streaming reader from bytes the main thread
// hands it on request, and hands rows back in batches, waiting for a credit before each (so it never runs further
// ahead of its reader than the credits allow). Runs inside the worker thread (xlsx-worker.ts); messages are plain data.
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { loadExcel } from "./excel";

/** One sheet row: its number as the person sees it (1-based, gaps kept) and its cells as text. */
export interface XlsxRow {
  row: number;
  cells: string[];
}

export interface XlsxTask {
  /** Batches the worker may hand on before the first is taken. */
  credits: number;
  batchRows: number;
}

export type ToWorker = { type: "bytes"; chunk: Uint8Array } | { type: "end" } | { type: "credit" };
export type FromWorker =
  { type: "more" } | { type: "rows"; rows: XlsxRow[] } | { type: "done" } | { type: "unreadable"; message: string };

type CellValue = ExcelJS.CellValue;

/** A cell as the person sees it: numbers without exponent or grouping, rich text joined, formulas by their result. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("result" in value) return cellText(value.result as CellValue);
  // A hyperlink's text may itself be rich text.
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as CellValue);
  return "";
}

export interface XlsxPort {
  post(message: FromWorker): void;
  /** Messages from the main thread. */
  onMessage(listener: (message: ToWorker) => void): void;
}

/**
 * Reads the first worksheet from the bytes the port hands over, posting its rows in batches; ends with done or
 * unreadable.
 */
export async function runXlsxTask(task: XlsxTask, port: XlsxPort): Promise<void> {
  let credits = task.credits;
  let wake: (() => void) | undefined;
  const input = new Readable({
    // One request per read; the answer (bytes or end) is pushed when it comes.
    read: () => port.post({ type: "more" }),
  });
  port.onMessage((message) => {
    if (message.type === "bytes") input.push(message.chunk);
    else if (message.type === "end") input.push(null);
    else {
      credits++;
      wake?.();
    }
  });
  const send = async (rows: XlsxRow[]) => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    port.post({ type: "rows", rows });
  };
  try {
    const excel = await loadExcel();
    const reader = new excel.stream.xlsx.WorkbookReader(input, {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      worksheets: "emit",
      entries: "emit",
    });
    for await (const sheet of reader) {
      let batch: XlsxRow[] = [];
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based and sparse.
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        batch.push({ row: row.number, cells });
        if (batch.length >= task.batchRows) {
          await send(batch);
          batch = [];
        }
      }
      if (batch.length) await send(batch);
      break; // the first sheet only
    }
    port.post({ type: "done" });
  } catch (error) {
    port.post({ type: "unreadable", message: error instanceof Error ? error.message.slice(0, 200) : "unknown error" });
  }
}
