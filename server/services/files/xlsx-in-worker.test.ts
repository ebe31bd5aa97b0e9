// XLSX rows read in a worker: cells as a person sees them, the worker held to its reader by credits, a workbook that
// needs more memory than the cap refused 413 without the server's heap growing, and the silence deadline.
import ExcelJS from "exceljs";
import { Readable, Transform } from "node:stream";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors";
import { xlsxOfRows, xlsxWithSharedStrings } from "../../test/zip-bombs";
import { XLSX_LIMITS, xlsxRowsInWorker, type XlsxLimits, type XlsxRow } from "./xlsx-in-worker";

const read = async (bytes: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<XlsxRow[]> => {
  const rows: XlsxRow[] = [];
  for await (const batch of xlsxRowsInWorker(Readable.from([bytes]), { limits })) rows.push(...batch);
  return rows;
};

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

/** Counts the bytes the reader has pulled from the source so far. */
class Pulled extends Transform {
  bytes = 0;
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

describe("XLSX rows read in a worker", () => {
  it("gives the first sheet's cells as text: numbers whole, rich text joined, formulas by result, links by text, gaps kept", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Audience");
    sheet.addRow(["Name", "Phone", "Note"]);
    sheet.addRow([{ richText: [{ text: "As" }, { text: "ha" }] }, 9876543210, { formula: "1+1", result: 2 }]);
    sheet.addRow(["Ravi", "+44 7400 123456", { text: "site", hyperlink: "https://example.com" }]);
    sheet.addRow([]);
    sheet.addRow([true, 1.5, new Date(Date.UTC(2026, 0, 2))]);
    workbook.addWorksheet("Other").addRow(["not read"]);
    expect(await read(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual([
      { row: 1, cells: ["Name", "Phone", "Note"] },
      { row: 2, cells: ["Asha", "9876543210", "2"] },
      { row: 3, cells: ["Ravi", "+44 7400 123456", "site"] },
      // Styles are not read (a big one is only cost), so a date is its serial number, as Excel stores it.
      { row: 5, cells: ["true", "1.5", "46024"] },
    ]);
  }, 60_000);

  it("does not run ahead of its reader: while a batch waits, no more of the file is pulled; then every row comes", async () => {
    const bytes = xlsxOfRows(200_000);
    const pulled = new Pulled();
    const batches = xlsxRowsInWorker(
      Readable.from(
        [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)].flatMap((half) => {
          const parts: Buffer[] = [];
          for (let at = 0; at < half.length; at += 16 * 1024) parts.push(half.subarray(at, at + 16 * 1024));
          return parts;
        }),
      ),
      { through: [pulled], limits: { ...XLSX_LIMITS, credits: 1, batchRows: 100 } },
    );
    const iterator = batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toHaveLength(100);
    // Chunks already in flight still land: wait until the pulled count holds still (on a loaded machine that takes
    // longer than on an idle one), then it must stay there while the reader waits. A reader that keeps pulling never
    // holds still and ends with the whole file pulled, which the half-the-file bound below refuses.
    let paused = -1;
    for (let i = 0; i < 40 && pulled.bytes !== paused; i++) {
      paused = pulled.bytes;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pulled.bytes).toBe(paused);
    expect(paused).toBeLessThan(bytes.length / 2);
    let rows = 100;
    let last = 0;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rows += next.value.length;
      last = next.value[next.value.length - 1].row;
    }
    expect([rows, last, pulled.bytes]).toEqual([200_000, 200_000, bytes.length]);
  }, 120_000);

  it("refuses with 413 a workbook whose shared strings need more memory than the cap; the server's heap stays put", async () => {
    // 24 MB of rich-text items (inside every zip limit) become an object each in exceljs' cache: far past 48 MB.
    const bytes = xlsxWithSharedStrings(24, (i) => `<r><t>${i}</t></r>`);
    const capped = { ...XLSX_LIMITS, heapMb: 48 };
    // Under the same cap a small workbook reads: the worker itself fits.
    expect(await read(xlsxOfRows(3), capped)).toHaveLength(3);
    const before = process.memoryUsage().heapUsed;
    expect(await refusal(read(bytes, capped))).toEqual({
      status: 413,
      message: "file: The Excel file needs more memory to read than the server allows; it was not read",
    });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    // And this process reads on.
    expect(await read(xlsxOfRows(3), capped)).toHaveLength(3);
  }, 120_000);

  it("ends a worker silent past the deadline with 422, but waits on a slow reader as long as it takes", async () => {
    expect(await refusal(read(xlsxOfRows(3), { ...XLSX_LIMITS, idleMs: 1 }))).toEqual({
      status: 422,
      message: "file: The Excel file made no progress for 0.001 s while being read; it was not read",
    });
    // The reader keeps each batch 6 s, past a 5 s deadline: the worker was waiting on it, so that is no silence.
    const slow: XlsxRow[] = [];
    for await (const batch of xlsxRowsInWorker(Readable.from([xlsxOfRows(20)]), {
      limits: { ...XLSX_LIMITS, idleMs: 5000, credits: 1, batchRows: 10 },
    })) {
      slow.push(...batch);
      await new Promise((resolve) => setTimeout(resolve, 6000));
    }
    expect(slow).toHaveLength(20);
  }, 60_000);
});
