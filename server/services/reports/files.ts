import { PassThrough, Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReportFormat } from "../../../contract/domain/reports";
import { safeFileName } from "../campaigns/csv-safe";
import type { Storage } from "../../storage";
import type { ReportRow } from "./reach";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CONTENT_TYPE: Record<ReportFormat, string> = { csv: "text/csv; charset=utf-8", xlsx: XLSX_TYPE };

/** Attempt n of a report writes its own key: a late writer of an older attempt never touches the newer file. */
export const reportFileKey = (id: string, attempt: number, format: ReportFormat) =>
  `reports/${id}/${attempt}.${format}`;

/**
 * "campaign-report-detailed-whatsapp-2025-10-01-to-2025-10-07.csv", or with the campaign's name when it is about one.
 */
export function reportFileName(
  row: Pick<ReportRow, "detailed" | "channel" | "campaignName" | "dateFrom" | "dateTo" | "format" | "kind">,
): string {
  if (row.kind === "message-log") return safeFileName(`message-log-${row.dateFrom}-to-${row.dateTo}`, row.format);
  const what = row.campaignName ?? row.channel;
  return safeFileName(
    `${row.detailed ? "detailed" : "summary"}-report-${what}-${row.dateFrom}-to-${row.dateTo}`,
    row.format,
  );
}

/** Passes bytes through and counts them: the file's size without reading it back. */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    done(null, chunk);
  }
}

/** Streams CSV text into storage under `key` as it is produced; answers the bytes stored. */
export async function storeCsv(storage: Storage, key: string, lines: AsyncIterable<string>): Promise<number> {
  const counter = new ByteCounter();
  await Promise.all([pipeline(Readable.from(lines), counter), storage.putStream(key, counter, CONTENT_TYPE.csv)]);
  return counter.bytes;
}

/**
 * Streams a workbook into storage under `key` while `write` fills it (`write` gets the stream to hand the workbook
 * writer); a failed write ends the upload with its error. Answers the bytes stored.
 */
export async function storeXlsx(
  storage: Storage,
  key: string,
  write: (out: PassThrough) => Promise<void>,
): Promise<number> {
  const out = new PassThrough();
  const counter = new ByteCounter();
  const writing = write(out).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  await Promise.all([writing, pipeline(out, counter), storage.putStream(key, counter, CONTENT_TYPE.xlsx)]);
  return counter.bytes;
}
