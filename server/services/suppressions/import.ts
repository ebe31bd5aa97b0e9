import type { Readable } from "node:stream";
import { badRequest } from "../../http/errors";
import { readTableRows } from "../files/table-rows";
import { NumberCollector } from "./list";

// Numbers from an uploaded CSV or XLSX file: the phone column when the first row names one, else the first column.

export const PHONE_HEADER = /phone|mobile|number|msisdn|contact|whatsapp/i;

/** Which column holds the numbers, from the first row; `header` when that row is a header to skip. */
export function phoneColumn(first: readonly string[]): { index: number; header: boolean } {
  const named = first.findIndex((cell) => PHONE_HEADER.test(cell));
  if (named >= 0) return { index: named, header: true };
  return { index: 0, header: false };
}

export const NO_NUMBERS = "The file has no valid phone numbers (put them in a column named phone, or the first column)";

/** Reads the file's numbers; a file that is not CSV or XLSX, or that has no valid number, is refused. */
export async function readSuppressionFile(stream: Readable, filename: string): Promise<NumberCollector> {
  const collector = new NumberCollector();
  let column: { index: number; header: boolean } | undefined;
  await readTableRows(stream, filename, (row, cells) => {
    if (!column) {
      column = phoneColumn(cells);
      if (column.header) return;
    }
    collector.add(row, cells[column.index] ?? "");
  });
  if (collector.numbers.size === 0)
    throw badRequest(NO_NUMBERS, [{ field: "file", message: "has no valid phone numbers" }]);
  return collector;
}
