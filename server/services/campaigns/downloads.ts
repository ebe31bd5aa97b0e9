import { PassThrough, Readable } from "node:stream";
import { loadExcel } from "../files/excel";
import type { CampaignRecord, RecipientRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { csvLine, formulaSafe } from "./csv-safe";
import { recipientPages } from "./recipients";

/**
 * A recipient's columns in every download of recipients (this campaign's, and the detailed performance report's): its
 * message on the campaign's channel, then its SMS failover's, a message of its own (empty when none was due).
 */
export const RECIPIENT_COLUMNS = [
  "row",
  "number",
  "state",
  "reason",
  "sent_at",
  "delivered_at",
  "read_at",
  "replied_at",
  "failed_at",
  "cost",
  "reply",
  "failover_state",
  "failover_reason",
  "failover_sent_at",
  "failover_delivered_at",
  "failover_failed_at",
  "failover_cost",
] as const;
const COLUMNS = RECIPIENT_COLUMNS;

const cells = (r: RecipientRecord) => {
  const f = r.failover;
  return [
    r.row,
    r.number,
    r.state,
    r.reason,
    r.sentAt,
    r.deliveredAt,
    r.readAt,
    r.repliedAt,
    r.failedAt,
    r.cost,
    r.reply,
    f?.state ?? null,
    f?.reason ?? null,
    f?.sentAt ?? null,
    f?.deliveredAt ?? null,
    f?.failedAt ?? null,
    f ? f.cost : null,
  ];
};

/** The recipients as CSV, written page by page as the response is read (never the whole campaign in memory). */
export function recipientsCsv(db: Db, campaignId: string): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(COLUMNS);
    for await (const page of recipientPages(db, campaignId)) yield page.map((r) => csvLine(cells(r))).join("");
  }
  return Readable.from(lines());
}

const text = (value: string | null) => (value === null ? null : formulaSafe(value));

function summaryRows(c: CampaignRecord): [string, string | number | null][] {
  return [
    ["Campaign", text(c.name)],
    ["Channel", c.channel],
    ["Template", text(c.templateName)],
    ["Sender", text(c.senderLabel)],
    ["Status", c.status],
    ["Status reason", text(c.statusReason)],
    ["Recipients", c.total],
    ...Object.entries(c.counts).map(([state, n]): [string, number] => [
      `${state[0].toUpperCase()}${state.slice(1)}`,
      n,
    ]),
    ["Estimated cost (₹)", c.cost.estimated],
    ["Held (₹)", c.cost.held],
    ["Spent (₹)", c.cost.spent],
    ["Of which SMS failover (₹)", c.cost.failoverSpent],
    ["Started", c.startedAt],
    ["Completed", c.completedAt],
  ];
}

/**
 * The report workbook through exceljs' streaming writer: a Summary sheet and a Recipients sheet whose rows are
 * committed page by page. Text cells are formula-safe too (a recipient's reply is anyone's text).
 */
export function campaignWorkbook(db: Db, campaign: CampaignRecord): Readable {
  const out = new PassThrough();
  const write = async () => {
    const excel = await loadExcel();
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const summary = workbook.addWorksheet("Summary");
    summary.columns = [
      { header: "Field", key: "field", width: 22 },
      { header: "Value", key: "value", width: 40 },
    ];
    for (const [field, value] of summaryRows(campaign)) summary.addRow([field, value]).commit();
    summary.commit();
    const sheet = workbook.addWorksheet("Recipients");
    sheet.columns = COLUMNS.map((key) => ({ header: key, key, width: key === "reply" || key === "reason" ? 30 : 18 }));
    for await (const page of recipientPages(db, campaign._id)) {
      for (const r of page) sheet.addRow(cells(r).map((v) => (typeof v === "string" ? formulaSafe(v) : v))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
