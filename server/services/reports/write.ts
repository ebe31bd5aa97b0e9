// Writing a report's file as a stream: rows are read in batches (recipients by a keyset over the campaign's
// (campaign_id, number) index, BATCH at a time) and written as they come, to CSV or through exceljs' streaming
// WorkbookWriter, into Storage.putStream. Nothing holds the whole report: memory is one batch, whatever the size.
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, gt } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { RecipientRecord } from "../../../contract/calls";
import { reportFigures } from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { campaignRecipients } from "../../db/schema";
import type { Storage } from "../../storage";
import { csvLine, formulaSafe } from "../campaigns/csv-safe";
import { RECIPIENT_COLUMNS, recipientCells } from "../campaigns/downloads";
import type { CampaignRow } from "../campaigns/reach";
import { countsOf, emptyCounts } from "../campaigns/records";
import { withReplies } from "../campaigns/recipients";
import { toMoney } from "../ledger";
import { ByteCounter, CONTENT_TYPE } from "./files";
import type { ReportRow } from "./reach";
import { campaignBatches, campaignIds, recipientTotal, reportCampaigns, type ReportOwner } from "./scope";

export interface WriteOptions {
  db: Db;
  storage: Storage;
  /** Recipients read per query. */
  batch: number;
  /** Heard after each batch; a throw stops the report (its lease was lost, or it was deleted) and no file is kept. */
  progress(rowsDone: number, rowsTotal: number): Promise<void>;
}

export interface Written {
  rows: number;
  bytes: number;
}

type Cell = string | number | null;

/** Columns of a detailed report: the campaign, then the recipient's columns of the campaign download, then failover. */
export const DETAILED_COLUMNS = ["campaign", "channel", ...RECIPIENT_COLUMNS, "failed_over"] as const;
export const SUMMARY_COLUMNS = ["campaign", "campaign_id", "channel", "status", "created_at", "template", "sender", "recipients", "sent", "delivered", "read", "replied", "failed", "failed_over", "cost_inr"] as const;

/** A spreadsheet holds 1,048,576 rows per sheet: a detailed report goes on over further sheets. */
export const XLSX_ROWS_PER_SHEET = 1_000_000;

/** One campaign's recipients by number (the unique (campaign_id, number) index gives each batch as one range scan). */
async function* recipientBatches(db: Db, campaignId: string, batch: number): AsyncGenerator<RecipientRecord[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), after === null ? undefined : gt(campaignRecipients.number, after)))
      .orderBy(asc(campaignRecipients.number))
      .limit(batch);
    if (rows.length === 0) return;
    yield await withReplies(db, rows);
    after = rows[rows.length - 1].number;
    if (rows.length < batch) return;
  }
}

const detailedCells = (c: CampaignRow, r: RecipientRecord): Cell[] => [c.name, c.channel, ...recipientCells(r), r.failedOver ? "yes" : "no"];

interface Totals {
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  failedOver: number;
  paise: number;
}
const zero = (): Totals => ({ recipients: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, failedOver: 0, paise: 0 });

/** A report's rows as batches of cells: the covered campaigns' recipients (detailed), or a line per campaign and totals. */
async function* reportRows(opts: WriteOptions, row: ReportRow, owner: ReportOwner, done: { rows: number }): AsyncGenerator<Cell[][]> {
  const where = reportCampaigns(owner, row);
  const ids = await campaignIds(opts.db, where);
  const total = row.detailed ? await recipientTotal(opts.db, where) : ids.length;
  await opts.progress(0, total);
  if (row.detailed) {
    for await (const batch of campaignBatches(opts.db, ids)) {
      for (const c of batch) {
        for await (const page of recipientBatches(opts.db, c.id, opts.batch)) {
          yield page.map((r) => detailedCells(c, r));
          done.rows += page.length;
          await opts.progress(done.rows, Math.max(total, done.rows));
        }
      }
    }
    return;
  }
  const totals = new Map<string, Totals>();
  for await (const batch of campaignBatches(opts.db, ids)) {
    const counts = await countsOf(opts.db, batch.map((c) => c.id));
    yield batch.map((c) => {
      const f = reportFigures(counts.get(c.id) ?? emptyCounts(), c.channel);
      const t = totals.get(c.channel) ?? zero();
      totals.set(c.channel, {
        recipients: t.recipients + f.recipients, sent: t.sent + f.sent, delivered: t.delivered + f.delivered, read: t.read + (f.read ?? 0),
        replied: t.replied + f.replied, failed: t.failed + f.failed, failedOver: t.failedOver + f.failedOver, paise: t.paise + c.spentPaise,
      });
      return [c.name, c.id, c.channel, c.status, c.createdAt.toISOString(), c.templateName, c.senderLabel, f.recipients, f.sent, f.delivered, f.read, f.replied, f.failed, f.failedOver, toMoney(c.spentPaise)];
    });
    done.rows += batch.length;
    await opts.progress(done.rows, total);
  }
  // Totals per channel, and over every channel when the report covers more than one.
  const lines = [...totals].sort(([a], [b]) => a.localeCompare(b));
  if (lines.length > 1) lines.push(["all", lines.reduce((s, [, t]) => ({ recipients: s.recipients + t.recipients, sent: s.sent + t.sent, delivered: s.delivered + t.delivered, read: s.read + t.read, replied: s.replied + t.replied, failed: s.failed + t.failed, failedOver: s.failedOver + t.failedOver, paise: s.paise + t.paise }), zero())]);
  yield lines.map(([channel, t]) => ["Total", null, channel, null, null, null, null, t.recipients, t.sent, t.delivered, channel === "sms" ? null : t.read, t.replied, t.failed, t.failedOver, toMoney(t.paise)]);
}

async function writeCsv(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  const done = { rows: 0 };
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(row.detailed ? DETAILED_COLUMNS : SUMMARY_COLUMNS);
    for await (const batch of reportRows(opts, row, owner, done)) yield batch.map(csvLine).join("");
  }
  const counter = new ByteCounter();
  await Promise.all([pipeline(Readable.from(lines()), counter), opts.storage.putStream(key, counter, CONTENT_TYPE.csv)]);
  return { rows: done.rows, bytes: counter.bytes };
}

const safe = (cells: Cell[]) => cells.map((v) => (typeof v === "string" ? formulaSafe(v) : v));
/** Money leaves CSV as "5.40"; a spreadsheet gets the number, shown with two decimals. */
const MONEY_COLUMNS = new Set(["cost", "cost_inr"]);

async function writeXlsx(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  const done = { rows: 0 };
  const out = new PassThrough();
  const counter = new ByteCounter();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const columns = row.detailed ? DETAILED_COLUMNS : SUMMARY_COLUMNS;
  const wide = new Set(["campaign", "reply", "reason", "template", "sender"]);
  const write = async () => {
    const about = workbook.addWorksheet("Report");
    about.columns = [{ header: "Field", key: "field", width: 18 }, { header: "Value", key: "value", width: 48 }];
    const facts: [string, string][] = [
      ["Report", row.detailed ? "Detailed (every recipient)" : "Summary (per campaign)"],
      ["Period", `${row.dateFrom} to ${row.dateTo} (India time)`],
      ["Channel", row.channel],
      ["Campaign", row.campaignName ?? "All campaigns"],
      ["Generated", new Date().toISOString()],
    ];
    for (const fact of facts) about.addRow(safe(fact)).commit();
    about.commit();
    const base = row.detailed ? "Recipients" : "Campaigns";
    let sheetNo = 1;
    let sheet = workbook.addWorksheet(base);
    let inSheet = 0;
    const setColumns = () => {
      sheet.columns = columns.map((k) => ({ header: k, key: k, width: wide.has(k) ? 30 : 16, ...(MONEY_COLUMNS.has(k) ? { style: { numFmt: "0.00" } } : {}) }));
    };
    setColumns();
    for await (const batch of reportRows(opts, row, owner, done)) {
      for (const cells of batch) {
        if (inSheet === XLSX_ROWS_PER_SHEET) {
          sheet.commit();
          sheetNo += 1;
          sheet = workbook.addWorksheet(`${base} ${sheetNo}`);
          setColumns();
          inSheet = 0;
        }
        sheet.addRow(safe(cells.map((v, i) => (MONEY_COLUMNS.has(columns[i]) && typeof v === "string" ? Number(v) : v)))).commit();
        inSheet += 1;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  const writing = write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  await Promise.all([writing, pipeline(out, counter), opts.storage.putStream(key, counter, CONTENT_TYPE.xlsx)]);
  return { rows: done.rows, bytes: counter.bytes };
}

/** Writes the report of `row` for `owner` under `key`; answers the rows and bytes written. */
export function writeReport(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  return row.format === "xlsx" ? writeXlsx(opts, row, owner, key) : writeCsv(opts, row, owner, key);
}
