// The message log's export as a background job (issue 37): a row of `reports` of kind "message-log", claimed by the
// report job like any report (lease, attempts, progress pushes, expiry), written here as CSV or XLSX into storage.
// The filters are read and checked when queued (a bad one is a 400 and writes nothing) and read again by the job.
import { setImmediate } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import type { LogExportQuery } from "../../../contract/domain/message-log";
import { indiaDay, type ReportFormat } from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { reports } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";
import { csvLine, formulaSafe } from "../campaigns/csv-safe";
import { loadExcel } from "../files/excel";
import { storeCsv, storeXlsx } from "../reports/files";
import type { ReportRow } from "../reports/reach";
import { refuseOverReportLimit } from "../reports/request";
import type { WriteOptions, Written } from "../reports/write";
import { LOG_CSV_HEADER, LOG_CUT_NOTE, logCells, logRowPages } from "./export";
import { readFilters } from "./filters";
import { ownLogScopeOf } from "./scope";

export const LOG_EXPORT_NOT_FOUND = "Export not found";
/** Rows as the screen pages them: the job's total grows a page ahead while there are more. */
const PAGE_AHEAD = 500;

/** The filters without paging, checked as the list call checks them (a 400 before anything is written). */
export function exportFiltersOf(query: LogExportQuery) {
  const { cursor: _cursor, limit: _limit, ...filters } = readFilters({ ...query, cursor: undefined });
  return filters;
}

/**
 * Queues an export of `owner`'s log for `caller` (who sees the row). Unfinished reports and exports share the
 * account's limit, counted under the account's row lock as a report request does.
 */
export async function queueLogExport(
  db: Db,
  caller: Caller,
  owner: string,
  query: LogExportQuery,
  format: ReportFormat,
): Promise<ReportRow> {
  exportFiltersOf(query);
  const kept = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ""),
  ) as LogExportQuery;
  const day = (iso: string | undefined, fallback: Date) => indiaDay(iso ? new Date(iso) : fallback);
  const now = new Date();
  const from = day(kept.from, now);
  const to = day(kept.to, now);
  return db.transaction(async (tx) => {
    await refuseOverReportLimit(tx, caller.id);
    const [row] = await tx
      .insert(reports)
      .values({
        userId: caller.id,
        kind: "message-log",
        logAccountId: owner,
        logQuery: kept,
        dateFrom: from <= to ? from : to,
        dateTo: to,
        channel: kept.channel ?? "all",
        format,
        // Due by the claim's clock (see contacts/imports.ts startImport).
        dueAt: new Date(),
      })
      .returning();
    return row;
  });
}

/** A log export the caller queued; any other id (another's export, a campaign report) answers as a missing one. */
export async function findLogExport(db: Db, caller: Pick<Caller, "id">, id: string): Promise<ReportRow> {
  if (!isUuid(id)) throw notFound(LOG_EXPORT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, caller.id), eq(reports.kind, "message-log")));
  if (!row) throw notFound(LOG_EXPORT_NOT_FOUND);
  return row;
}

type Cells = (string | number | null)[];

/** The rows as cell batches, reporting progress after each page (the total runs a page ahead while there are more). */
async function* cellPages(opts: WriteOptions, row: ReportRow, done: { rows: number; cut: boolean }) {
  if (!row.logAccountId) throw new Error("a message log export without its account");
  const filters = await ownLogScopeOf(opts.db, row.logAccountId, exportFiltersOf(row.logQuery ?? {}));
  await opts.progress(0, PAGE_AHEAD);
  for await (const page of logRowPages(opts.db, row.logAccountId, filters, opts.linkKey)) {
    yield page.rows.map(logCells);
    done.rows += page.rows.length;
    done.cut = page.cut;
    await opts.progress(done.rows, done.rows + (page.more ? PAGE_AHEAD : 0));
    // PGlite answers in this thread: the waiting requests get a turn between pages.
    await setImmediate();
  }
}

async function writeCsv(opts: WriteOptions, row: ReportRow, key: string): Promise<Written> {
  const done = { rows: 0, cut: false };
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(LOG_CSV_HEADER);
    for await (const cells of cellPages(opts, row, done)) yield cells.map(csvLine).join("");
    if (done.cut) yield csvLine([LOG_CUT_NOTE]);
  }
  const bytes = await storeCsv(opts.storage, key, lines());
  return { rows: done.rows, bytes };
}

const safe = (cells: Cells) => cells.map((v) => (typeof v === "string" ? formulaSafe(v) : v));
const WIDE = new Set(["body", "statuses", "campaign", "sender"]);

async function writeXlsx(opts: WriteOptions, row: ReportRow, key: string): Promise<Written> {
  const done = { rows: 0, cut: false };
  const excel = await loadExcel();
  const bytes = await storeXlsx(opts.storage, key, async (out) => {
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("Messages");
    sheet.columns = LOG_CSV_HEADER.map((k) => ({ header: k, key: k, width: WIDE.has(k) ? 40 : 18 }));
    for await (const cells of cellPages(opts, row, done)) for (const c of cells) sheet.addRow(safe(c)).commit();
    if (done.cut) sheet.addRow([LOG_CUT_NOTE]).commit();
    sheet.commit();
    const about = workbook.addWorksheet("Filters");
    about.columns = [
      { header: "Filter", key: "filter", width: 18 },
      { header: "Value", key: "value", width: 48 },
    ];
    const query = row.logQuery ?? {};
    for (const [name, value] of Object.entries(query)) about.addRow(safe([name, String(value)])).commit();
    about.addRow(["generated", new Date().toISOString()]).commit();
    about.commit();
    await workbook.commit();
  });
  return { rows: done.rows, bytes };
}

/** Writes a log export's file under `key`. */
export function writeLogExport(opts: WriteOptions, row: ReportRow, key: string): Promise<Written> {
  return row.format === "xlsx" ? writeXlsx(opts, row, key) : writeCsv(opts, row, key);
}
