// Writing a report's file as a stream: rows are read in batches (recipients by a keyset over their ids, BATCH at a
// time, each batch one statement) and written as they come, to CSV or through exceljs' streaming
// WorkbookWriter, into Storage.putStream. Nothing holds the whole report: memory is one batch, whatever the size.
import { setImmediate } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import { loadExcel } from "../files/excel";
import { failoverMessageState } from "../../../contract/domain/campaigns";
import { reportFigures } from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { campaignRecipients, inboundMessages } from "../../db/schema";
import type { Storage } from "../../storage";
import { csvLine, formulaSafe } from "../campaigns/csv-safe";
import { RECIPIENT_COLUMNS } from "../campaigns/downloads";
import { rowsOf } from "../../db/sql";
import type { CampaignRow } from "../campaigns/reach";
import { countsOf, emptyCounts, failoverPaiseOf } from "../campaigns/records";
import { toMoney } from "../balance/ledger";
import { writeLogExport } from "../message-log/export-job";
import { storeCsv, storeXlsx } from "./files";
import type { ReportRow } from "./reach";
import {
  campaignBatches,
  campaignIds,
  recipientSpans,
  reportCampaigns,
  type RecipientSpan,
  type ReportOwner,
} from "./scope";

export interface WriteOptions {
  db: Db;
  storage: Storage;
  /** Recipients read per query. */
  batch: number;
  /** The key of tracked campaigns' short links: the message log's export shows messages as sent. */
  linkKey: Buffer;
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
export const SUMMARY_COLUMNS = [
  "campaign",
  "campaign_id",
  "channel",
  "status",
  "created_at",
  "template",
  "sender",
  "recipients",
  "sent",
  "delivered",
  "read",
  "replied",
  "failed",
  "failed_over",
  "cost_inr",
  "failover_cost_inr",
] as const;

/** A spreadsheet holds 1,048,576 rows per sheet: a detailed report goes on over further sheets. */
export const XLSX_ROWS_PER_SHEET = 1_000_000;

/** An instant as epoch milliseconds: cheaper for the database than formatting it, and JSON carries it exactly. */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::int8`;
const r = campaignRecipients;
const i = inboundMessages;

/**
 * One campaign's recipients in audience order (by id, as the campaign download writes them), a batch at a time, each
 * batch one statement: the recipients' cells in the order of RECIPIENT_COLUMNS (then failed over) with the latest
 * reply, aggregated by the database into one JSON text. Read row by row, a driver parses every field of every row
 * (PGlite in JavaScript): one text per batch costs a fraction of that. The reply is looked up only for recipients who
 * replied (a reply always sets replied_at), which spares an index probe per recipient.
 *
 * Each batch walks the primary key from the last id read up to the campaign's last id: ids follow the order rows were
 * written, so the heap is read in order, once (a walk by number would visit every heap page once per batch).
 * Bulk-loaded recipients may have no planner statistics yet (PGlite has no autovacuum), and the planner would then
 * fetch every remaining recipient of the campaign and sort them for each batch; with bitmap scans and sorts off it
 * takes the walk.
 */
export async function* recipientBatches(
  db: Db,
  campaignId: string,
  span: RecipientSpan,
  batch: number,
): AsyncGenerator<RecipientCells[]> {
  let after = span.minId - 1;
  for (;;) {
    const [page] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return rowsOf<{ cells: string; last: number | null; n: number }>(
        tx,
        sql`select coalesce(json_agg(json_build_array(
              b."row", b.number, b.state, b.reason, ${ms(sql`b.sent_at`)}, ${ms(sql`b.delivered_at`)}, ${ms(sql`b.read_at`)},
              ${ms(sql`b.replied_at`)}, ${ms(sql`b.failed_at`)}, b.cost_paise, reply.text, b.failover_state, b.failover_reason, ${ms(sql`b.failover_sent_at`)},
              ${ms(sql`b.failover_delivered_at`)}, ${ms(sql`b.failover_failed_at`)}, b.failover_cost_paise, b.failed_over) order by b.id), '[]')::text as cells,
            max(b.id)::float8 as last, count(*)::int as n
          from (select ${r.id}, ${r.row}, ${r.number}, ${r.state}, ${r.reason}, ${r.sentAt}, ${r.deliveredAt}, ${r.readAt}, ${r.repliedAt}, ${r.failedAt},
                  ${r.costPaise}, ${r.failoverState}, ${r.failoverReason}, ${r.failoverSentAt}, ${r.failoverDeliveredAt}, ${r.failoverFailedAt}, ${r.failoverCostPaise}, ${r.failedOver}
                from ${r} where ${r.id} > ${after} and ${r.id} <= ${span.maxId} and ${r.campaignId} = ${campaignId} order by ${r.id} limit ${batch}) b
          left join lateral (select ${i.text} from ${i} where b.replied_at is not null and ${i.recipientId} = b.id
                             order by ${i.receivedAt} desc limit 1) reply on true`,
      );
    });
    if (!page || page.n === 0 || page.last === null) return;
    yield JSON.parse(page.cells) as RecipientCells[];
    after = Number(page.last);
    if (page.n < batch || after >= span.maxId) return;
  }
}

type Ms = number | null;
type Marker = "queued" | "sending" | "sent" | "failed" | "unknown";
/**
 * A recipient as recipientBatches reads it: RECIPIENT_COLUMNS with instants in epoch ms and costs in paise (the
 * failover's marker as stored; its state is worked out below), then failed over.
 */
export type RecipientCells = [
  number,
  string,
  string,
  string | null,
  Ms,
  Ms,
  Ms,
  Ms,
  Ms,
  number,
  string | null,
  Marker | null,
  string | null,
  Ms,
  Ms,
  Ms,
  number,
  boolean,
];

/** As the campaign download writes an instant (Date.toISOString). */
const iso = (at: Ms) => (at === null ? null : new Date(at).toISOString());

function detailedCells(c: CampaignRow, cells: RecipientCells): Cell[] {
  const [
    row,
    number,
    state,
    reason,
    sentAt,
    deliveredAt,
    readAt,
    repliedAt,
    failedAt,
    costPaise,
    reply,
    marker,
    fReason,
    fSent,
    fDelivered,
    fFailed,
    fCost,
    failedOver,
  ] = cells;
  const failover: Cell[] = marker
    ? [
        failoverMessageState(marker, fDelivered, fFailed),
        fReason,
        iso(fSent),
        iso(fDelivered),
        iso(fFailed),
        Number(toMoney(fCost)),
      ]
    : [null, null, null, null, null, null];
  return [
    c.name,
    c.channel,
    row,
    number,
    state,
    reason,
    iso(sentAt),
    iso(deliveredAt),
    iso(readAt),
    iso(repliedAt),
    iso(failedAt),
    Number(toMoney(costPaise)),
    reply,
    ...failover,
    failedOver ? "yes" : "no",
  ];
}

interface Totals {
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  failedOver: number;
  paise: number;
  /** Of which on SMS failover. */
  failoverPaise: number;
}
const zero = (): Totals => ({
  recipients: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  failedOver: 0,
  paise: 0,
  failoverPaise: 0,
});

/**
 * PGlite answers in the same thread, through promises only: a report reading batch after batch would never let the
 * event loop reach the requests waiting on the socket (a details call took 12 s during an Excel report). After each
 * batch the loop gets a turn.
 */
const breather = () => setImmediate();

/**
 * A report's rows as batches of cells: the covered campaigns' recipients (detailed), or a line per campaign and totals.
 */
async function* reportRows(
  opts: WriteOptions,
  row: ReportRow,
  owner: ReportOwner,
  done: { rows: number },
): AsyncGenerator<Cell[][]> {
  const where = reportCampaigns(owner, row);
  const ids = await campaignIds(opts.db, where);
  const spans = row.detailed ? await recipientSpans(opts.db, where) : new Map<string, RecipientSpan>();
  const total = row.detailed ? [...spans.values()].reduce((sum, s) => sum + s.n, 0) : ids.length;
  await opts.progress(0, total);
  if (row.detailed) {
    for await (const batch of campaignBatches(opts.db, ids)) {
      for (const c of batch) {
        const span = spans.get(c.id);
        if (!span) continue;
        for await (const page of recipientBatches(opts.db, c.id, span, opts.batch)) {
          yield page.map((r) => detailedCells(c, r));
          done.rows += page.length;
          await opts.progress(done.rows, Math.max(total, done.rows));
          await breather();
        }
      }
    }
    return;
  }
  const totals = new Map<string, Totals>();
  for await (const batch of campaignBatches(opts.db, ids)) {
    const counts = await countsOf(
      opts.db,
      batch.map((c) => c.id),
    );
    const failover = await failoverPaiseOf(
      opts.db,
      batch.map((c) => c.id),
    );
    yield batch.map((c) => {
      const f = reportFigures(counts.get(c.id) ?? emptyCounts(), c.channel);
      const fo = failover.get(c.id) ?? 0;
      const t = totals.get(c.channel) ?? zero();
      totals.set(c.channel, {
        recipients: t.recipients + f.recipients,
        sent: t.sent + f.sent,
        delivered: t.delivered + f.delivered,
        read: t.read + (f.read ?? 0),
        replied: t.replied + f.replied,
        failed: t.failed + f.failed,
        failedOver: t.failedOver + f.failedOver,
        paise: t.paise + c.spentPaise,
        failoverPaise: t.failoverPaise + fo,
      });
      return [
        c.name,
        c.id,
        c.channel,
        c.status,
        c.createdAt.toISOString(),
        c.templateName,
        c.senderLabel,
        f.recipients,
        f.sent,
        f.delivered,
        f.read,
        f.replied,
        f.failed,
        f.failedOver,
        toMoney(c.spentPaise),
        toMoney(fo),
      ];
    });
    done.rows += batch.length;
    await opts.progress(done.rows, total);
    await breather();
  }
  // Totals per channel, and over every channel when the report covers more than one.
  const lines = [...totals].sort(([a], [b]) => a.localeCompare(b));
  if (lines.length > 1)
    lines.push([
      "all",
      lines.reduce(
        (s, [, t]) => ({
          recipients: s.recipients + t.recipients,
          sent: s.sent + t.sent,
          delivered: s.delivered + t.delivered,
          read: s.read + t.read,
          replied: s.replied + t.replied,
          failed: s.failed + t.failed,
          failedOver: s.failedOver + t.failedOver,
          paise: s.paise + t.paise,
          failoverPaise: s.failoverPaise + t.failoverPaise,
        }),
        zero(),
      ),
    ]);
  yield lines.map(([channel, t]) => [
    "Total",
    null,
    channel,
    null,
    null,
    null,
    null,
    t.recipients,
    t.sent,
    t.delivered,
    channel === "sms" ? null : t.read,
    t.replied,
    t.failed,
    t.failedOver,
    toMoney(t.paise),
    toMoney(t.failoverPaise),
  ]);
}

async function writeCsv(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  const done = { rows: 0 };
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(row.detailed ? DETAILED_COLUMNS : SUMMARY_COLUMNS);
    for await (const batch of reportRows(opts, row, owner, done)) yield batch.map(csvLine).join("");
  }
  const bytes = await storeCsv(opts.storage, key, lines());
  return { rows: done.rows, bytes };
}

const safe = (cells: Cell[]) => cells.map((v) => (typeof v === "string" ? formulaSafe(v) : v));
/** Money leaves CSV as "5.40"; a spreadsheet gets the number, shown with two decimals. */
const MONEY_COLUMNS = new Set(["cost", "cost_inr"]);

async function writeXlsx(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  const done = { rows: 0 };
  const excel = await loadExcel();
  const columns = row.detailed ? DETAILED_COLUMNS : SUMMARY_COLUMNS;
  const wide = new Set(["campaign", "reply", "reason", "template", "sender"]);
  const bytes = await storeXlsx(opts.storage, key, async (out) => {
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const about = workbook.addWorksheet("Report");
    about.columns = [
      { header: "Field", key: "field", width: 18 },
      { header: "Value", key: "value", width: 48 },
    ];
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
      sheet.columns = columns.map((k) => ({
        header: k,
        key: k,
        width: wide.has(k) ? 30 : 16,
        ...(MONEY_COLUMNS.has(k) ? { style: { numFmt: "0.00" } } : {}),
      }));
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
        sheet
          .addRow(safe(cells.map((v, i) => (MONEY_COLUMNS.has(columns[i]) && typeof v === "string" ? Number(v) : v))))
          .commit();
        inSheet += 1;
      }
    }
    sheet.commit();
    await workbook.commit();
  });
  return { rows: done.rows, bytes };
}

/** Writes the report of `row` for `owner` under `key`; answers the rows and bytes written. */
export function writeReport(opts: WriteOptions, row: ReportRow, owner: ReportOwner, key: string): Promise<Written> {
  if (row.kind === "message-log") return writeLogExport(opts, row, key);
  return row.format === "xlsx" ? writeXlsx(opts, row, owner, key) : writeCsv(opts, row, owner, key);
}
