import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { SplitStatus, WinnerMetric } from "../../../contract/domain/splits";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { segments } from "./segments";

/** One variant of a split: its campaign (campaigns.split_id points back), its share of the test, when it is sent. */
export interface SplitVariant {
  campaignId: string;
  sizePercent: number;
  /** ISO instant the variant is scheduled for; null: as soon as its audience is read. */
  sendAt: string | null;
  timeZone: string | null;
}

/**
 * A/B tests (issue 41, item 4): a group of 2-4 ordinary campaigns over one audience split by a stable hash
 * (contract/domain/splits.ts), each with its own estimate, hold, dispatch and report, and optionally the winner by a
 * metric sent to the rest of the audience after `decide_after_hours`. Owned like the campaigns: the paying account,
 * and who created it (a department head's reach).
 */
export const campaignSplits = pgTable(
  "campaign_splits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** The audience every variant and the remainder read: a saved segment or pasted numbers. */
    sourceKind: text("source_kind").$type<"segment" | "paste" | "csv" | "xlsx">().notNull(),
    segmentId: uuid("segment_id").references(() => segments.id, { onDelete: "set null" }),
    testSharePercent: smallint("test_share_percent").notNull(),
    metric: text("metric").$type<WinnerMetric>().notNull(),
    decideAfterHours: integer("decide_after_hours").notNull(),
    status: text("status").$type<SplitStatus>().notNull().default("testing"),
    /** Why the split waits (a variant that could not start) or failed, in words a person reads. */
    statusReason: text("status_reason"),
    variants: jsonb("variants").$type<SplitVariant[]>().notNull(),
    winnerVariant: smallint("winner_variant"),
    winnerReason: text("winner_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The winner's campaign over the held-back slice [t, 1). */
    remainderCampaignId: uuid("remainder_campaign_id"),
    /** The split job's next look (jobs/campaign-splits.ts); null once nothing is left to do. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaign_splits_user_idx").on(t.userId, t.createdAt),
    index("campaign_splits_created_by_idx").on(t.createdBy),
    index("campaign_splits_due_idx").on(t.nextRunAt),
    check("campaign_splits_status_known", sql`${t.status} in ('testing','sending','completed','failed')`),
    check("campaign_splits_share_sane", sql`${t.testSharePercent} between 1 and 100`),
  ],
);
