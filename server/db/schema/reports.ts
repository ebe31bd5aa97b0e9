import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { ReportChannel, ReportFormat, ReportKind, ReportStatus } from "../../../contract/domain/reports";
import type { LogExportQuery } from "../../../contract/domain/message-log";
import { users } from "./accounts";
import { campaigns } from "./campaigns";
import { createdAt } from "./columns";

// Performance reports: a row per report asked for, which the report job (server/jobs/report-generation.ts) claims
// and writes to storage as a stream. The row is the durable queue: a report whose process died is due again when
// its lease (due_at) ends, and is redone under a new attempt number (its file key carries the attempt, so a late
// writer of an older attempt can never overwrite or publish over the new one).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account that asked for it and sees it (its manager and admins too). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The filters: India's calendar days, both included; a campaign or every one of the channel. */
    dateFrom: date("date_from", { mode: "string" }).notNull(),
    dateTo: date("date_to", { mode: "string" }).notNull(),
    channel: text("channel").$type<ReportChannel>().notNull(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /** Kept for the list: the campaign's name when the report was asked for. */
    campaignName: text("campaign_name"),
    detailed: boolean("detailed").notNull().default(false),
    /**
     * What the file holds: campaign performance (the reports page), or a message log export (issue 37), which rides
     * the same job, lease and expiry and is listed only on the log's page.
     */
    kind: text("kind").$type<ReportKind>().notNull().default("campaigns"),
    /** A log export: whose log (the caller's own, or a customer an admin or reseller reached) and its filters. */
    logAccountId: uuid("log_account_id").references(() => users.id, { onDelete: "cascade" }),
    logQuery: jsonb("log_query").$type<LogExportQuery>(),
    format: text("format").$type<ReportFormat>().notNull().default("csv"),
    status: text("status").$type<ReportStatus>().notNull().default("queued"),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total").notNull().default(0),
    failureReason: text("failure_reason"),
    /** Claims so far; the file of attempt n is reports/<id>/<n>.<format>. */
    attempt: integer("attempt").notNull().default(0),
    /**
     * Queued: when it may be claimed. Running: the lease (renewed while rows are written). Ready: the expiry job's
     * lease.
     */
    dueAt: at("due_at").notNull().defaultNow(),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileSize: bigint("file_size", { mode: "number" }),
    expiresAt: at("expires_at"),
    createdAt: createdAt(),
    startedAt: at("started_at"),
    completedAt: at("completed_at"),
  },
  (t) => [
    index("reports_user_idx").on(t.userId, t.createdAt, t.id),
    // The generation job's claim and the expiry job's sweep each read only their own few rows.
    index("reports_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} in ('queued','running')`),
    index("reports_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    check("reports_status_known", sql`${t.status} in ('queued','running','ready','failed','expired')`),
    check("reports_channel_known", sql`${t.channel} in ('rcs','sms','whatsapp','all')`),
    check("reports_format_known", sql`${t.format} in ('csv','xlsx')`),
    check("reports_kind_known", sql`${t.kind} in ('campaigns','message-log')`),
    check("reports_period_ordered", sql`${t.dateFrom} <= ${t.dateTo}`),
    check("reports_rows_sane", sql`${t.rowsDone} >= 0 and ${t.rowsTotal} >= 0`),
  ],
);
