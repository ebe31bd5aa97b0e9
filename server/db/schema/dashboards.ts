import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { RecipientState } from "../../../contract/domain/campaigns";
import { campaigns } from "./campaigns";

/**
 * Campaign recipients counted by campaign, reporting day, state and failure code: what the dashboards, Team Reports,
 * the status counts and the quota charts read instead of scanning millions of recipient rows.
 *
 * It is exact at every commit: triggers on campaign_recipients (statement-level, with transition tables; written in
 * the migration beside this table) add each inserted row, move each updated row from its old key to its new one, and
 * take each deleted row away, in the same transaction as the change. So every writer (the dispatcher, receipts,
 * replies, failover, recovery, the seed and tests) keeps it right without knowing about it.
 *
 * `day` is the reporting day (India, contract/domain/dashboards.ts) the message was sent on, or refused on when it
 * never went out; rows not sent yet (queued, sending, skipped, unknown without a receipt) are under '-infinity'.
 * `code` is the carrier's failure code of failed rows, '' otherwise. Counts that fall to zero stay as zero rows.
 */
export const recipientDailyStats = pgTable(
  "recipient_daily_stats",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** The owning account (campaigns.user_id) and the channel, copied so scoped reads need no join. */
    userId: uuid("user_id").notNull(),
    channel: text("channel").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    state: text("state").$type<RecipientState>().notNull(),
    code: text("code").notNull().default(""),
    recipients: integer("recipients").notNull().default(0),
    /** What the recipients cost in all: their channel's messages and their SMS failovers. */
    costPaise: bigint("cost_paise", { mode: "number" }).notNull().default(0),
    /** Of which their SMS failovers (campaign_recipients.failover_cost_paise). */
    failoverCostPaise: bigint("failover_cost_paise", { mode: "number" }).notNull().default(0),
    failedOver: integer("failed_over").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.state, t.code] }),
    // An account's (or a few accounts') days: every scoped read filters on owner and day.
    index("recipient_daily_stats_user_day_idx").on(t.userId, t.day),
    // The admin's platform-wide reads filter on day alone.
    index("recipient_daily_stats_day_idx").on(t.day),
  ],
);

/**
 * A campaign's engagement per reporting day (issue 41): its people's link clicks, the conversions attributed to it
 * and their revenue. The campaign report's per-day table and the dashboards' click and conversion figures read these
 * rows instead of every click and conversion.
 *
 * Exact at every commit, like recipient_daily_stats: statement-level triggers on link_clicks and conversions (written
 * by hand in the migration `engagement_daily`) add what a statement inserted and take away what it deleted or moved,
 * in its transaction. Machine fetches (link_clicks.machine) never count; a conversion counts while it is attributed
 * (campaign and recipient set), on the India day it occurred. `clickers` are people counted once, on the day of their
 * first click on the campaign: summed over any days, the people who first clicked in them, and over all days the
 * campaign's clickers. Rows that fall to zero stay as zero rows.
 */
export const engagementDaily = pgTable(
  "engagement_daily",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** The owning account (campaigns.user_id) and the channel, copied so scoped reads need no join. */
    userId: uuid("user_id").notNull(),
    channel: text("channel").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull().default(0),
    clickers: integer("clickers").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    revenuePaise: bigint("revenue_paise", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    index("engagement_daily_user_day_idx").on(t.userId, t.day),
    index("engagement_daily_day_idx").on(t.day),
  ],
);

/**
 * A campaign's link clicks by device, people and machines apart (issue 41): what the campaign report's clicks card
 * reads instead of every click. Exact at every commit: statement-level triggers on link_clicks (written by hand in the
 * migration `link_click_devices`) add what a statement inserted and take away what it deleted; clicks are never
 * updated. The campaign's clickers are engagement_daily's, summed over its days.
 */
export const linkClickDevices = pgTable(
  "link_click_devices",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    device: text("device").notNull(),
    machine: boolean("machine").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.device, t.machine] })],
);
