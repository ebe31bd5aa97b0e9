import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campaigns } from "./campaigns";

/**
 * A campaign's timeline, per minute: how many of its recipients were sent, delivered, read, replied and failed in it
 * (each recipient's own times). The report reads these rows (one per non-empty minute) instead of every recipient
 * times five timestamps, and widens them into at most ~200 buckets at read time.
 *
 * Exact at every commit, like recipient_daily_stats: a statement-level trigger on campaign_recipients (with
 * transition tables; written by hand in the migration `campaign_report_rollup`) adds each new timestamp to its
 * minute and takes each old one away, so every writer (dispatch, receipts, replies, failover, the seed) keeps it.
 * Minutes that fall to zero stay as zero rows (the read leaves them out).
 */
export const campaignTimeline = pgTable(
  "campaign_timeline",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    minute: timestamp("minute", { withTimezone: true, mode: "date" }).notNull(),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    replied: integer("replied").notNull().default(0),
    failed: integer("failed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.minute] })],
);

/**
 * A campaign's failed recipients counted by reason (coalesce(reason, 'Unknown')) and carrier code ('' for none): the
 * report's error breakdown, kept by the same trigger as the timeline, so it reads a few rows, not every failure.
 */
export const campaignFailures = pgTable(
  "campaign_failures",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    code: text("code").notNull().default(""),
    recipients: integer("recipients").notNull().default(0),
  },
  // A campaign has tens of reasons and codes, not thousands: its rows are read whole by this key.
  (t) => [primaryKey({ columns: [t.campaignId, t.reason, t.code] })],
);
