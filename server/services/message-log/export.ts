// The filtered log as CSV, newest first: the same pages as the screen, walked by cursor and written as they come,
// so a large export never holds more than a page. It stops at LOG_EXPORT_MAX_ROWS and says so in its last line.
import { Readable } from "node:stream";
import { LOG_EXPORT_MAX_ROWS } from "../../../contract/domain/message-log";
import type { Db } from "../../db/client";
import { csvLine } from "../campaigns/csv-safe";
import type { LogFilters } from "./filters";
import { messageLogPage } from "./list";
import type { LogRow } from "./rows";

const PAGE = 500;

export const LOG_CSV_HEADER = [
  "time",
  "kind",
  "id",
  "channel",
  "sender",
  "to",
  "status",
  "statuses",
  "provider_message_id",
  "failover_step",
  "charged_paise",
  "refunded_paise",
  "campaign",
  "body",
];

/** A row's cells in the order of LOG_CSV_HEADER (amounts in paise, the statuses as one text). */
export function logCells(r: LogRow): (string | number | null)[] {
  const statuses = r.statuses
    .map((s) => `${s.status}${s.code ? ` (${s.code})` : ""}${s.at ? ` ${s.at}` : ""}`)
    .join("; ");
  return [
    r.time,
    r.kind,
    r.id,
    r.channel,
    r.sender,
    r.to,
    r.status,
    statuses,
    r.providerMessageId,
    r.failoverStep,
    r.chargedPaise,
    r.refundedPaise,
    r.campaign?.name ?? "",
    r.body,
  ];
}

export const LOG_CUT_NOTE = `Cut at ${LOG_EXPORT_MAX_ROWS} rows: narrow the filters for the rest`;

/** The filtered rows, a page at a time in the log's order, at most LOG_EXPORT_MAX_ROWS; `cut` when more were left. */
export async function* logRowPages(
  db: Db,
  owner: string,
  filters: Omit<LogFilters, "cursor" | "limit">,
  linkKey: Buffer,
): AsyncGenerator<{ rows: LogRow[]; more: boolean; cut: boolean }> {
  let cursor: LogFilters["cursor"];
  let written = 0;
  for (;;) {
    const page = await messageLogPage(db, owner, { ...filters, cursor, limit: PAGE }, linkKey);
    const room = LOG_EXPORT_MAX_ROWS - written;
    const rows = page.rows.slice(0, room);
    written += rows.length;
    const cut = page.rows.length > room || (written === LOG_EXPORT_MAX_ROWS && page.nextCursor !== null);
    yield { rows, more: page.nextCursor !== null && !cut, cut };
    const last = page.rows.at(-1);
    if (cut || !page.nextCursor || !last) return;
    cursor = { t: last.time, kind: last.kind, id: last.id };
  }
}

async function* lines(
  db: Db,
  owner: string,
  filters: Omit<LogFilters, "cursor" | "limit">,
  linkKey: Buffer,
): AsyncGenerator<string> {
  yield csvLine(LOG_CSV_HEADER);
  for await (const page of logRowPages(db, owner, filters, linkKey)) {
    for (const row of page.rows) yield csvLine(logCells(row));
    if (page.cut) yield csvLine([LOG_CUT_NOTE]);
  }
}

export function messageLogCsv(
  db: Db,
  owner: string,
  filters: Omit<LogFilters, "cursor" | "limit">,
  linkKey: Buffer,
): Readable {
  return Readable.from(lines(db, owner, filters, linkKey));
}
