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

function line(r: LogRow): string {
  const statuses = r.statuses
    .map((s) => `${s.status}${s.code ? ` (${s.code})` : ""}${s.at ? ` ${s.at}` : ""}`)
    .join("; ");
  return csvLine([
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
  ]);
}

async function* lines(db: Db, owner: string, filters: Omit<LogFilters, "cursor" | "limit">): AsyncGenerator<string> {
  yield csvLine(LOG_CSV_HEADER);
  let cursor: LogFilters["cursor"];
  let written = 0;
  for (;;) {
    const page = await messageLogPage(db, owner, { ...filters, cursor, limit: PAGE });
    for (const row of page.rows) {
      if (written === LOG_EXPORT_MAX_ROWS) {
        yield csvLine([`Cut at ${LOG_EXPORT_MAX_ROWS} rows: narrow the filters for the rest`]);
        return;
      }
      written += 1;
      yield line(row);
    }
    const last = page.rows.at(-1);
    if (!page.nextCursor || !last) return;
    cursor = { t: last.time, kind: last.kind, id: last.id };
  }
}

export function messageLogCsv(db: Db, owner: string, filters: Omit<LogFilters, "cursor" | "limit">): Readable {
  return Readable.from(lines(db, owner, filters));
}
