import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CampaignChannel } from "../../../contract/constants";
import type { ScheduleRule, ScheduleRunState, ScheduleStatus } from "../../../contract/domain/schedules";
import { users } from "./accounts";
import { campaigns } from "./campaigns";
import { createdAt } from "./columns";
import { segments } from "./segments";

// Recurring campaigns (issue 41, item 5): a schedule keeps what a campaign needs (channel, sender, template, values,
// the audience) and a rule; each due run becomes a campaign of its own through the ordinary create service, so the
// estimate, hold, dispatch and report are the ordinary ones. Runs keep the history; deleting a schedule removes its
// runs, never the campaigns they made.

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The campaign fields a run sends with, as the create calls take them (less the name and the audience). */
export interface ScheduleSettings {
  templateId: string;
  /** RCS bot id, SMS account id, or WABA id. */
  senderId: string;
  phoneNumberId?: string;
  headerMediaId?: string;
  variables: string[];
  defaultRegion?: string;
  trackLinks?: boolean;
}

export const campaignSchedules = pgTable(
  "campaign_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account that owns and pays for the runs' campaigns (a department head's organization for SMS). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who made it: the runs are created as this person (a department head's reach is what it created). */
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    channel: text("channel").$type<CampaignChannel>().notNull(),
    settings: jsonb("settings").$type<ScheduleSettings>().notNull(),
    /** The audience: a segment read afresh at each run, a stored file (csv, xlsx) read again, or pasted numbers. */
    sourceKind: text("source_kind").$type<"csv" | "xlsx" | "paste" | "segment">().notNull(),
    segmentId: uuid("segment_id").references(() => segments.id, { onDelete: "set null" }),
    sourceKey: text("source_key"),
    sourceName: text("source_name"),
    pasted: text("pasted"),
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull().default(0),
    rule: jsonb("rule").$type<ScheduleRule>().notNull(),
    status: text("status").$type<ScheduleStatus>().notNull().default("active"),
    /** The next planned run; null while paused or when the end date left none. */
    nextRunAt: at("next_run_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("campaign_schedules_user_idx").on(t.userId, t.createdAt),
    index("campaign_schedules_creator_idx").on(t.createdBy, t.createdAt),
    // The runner's claim: active schedules by due time.
    index("campaign_schedules_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'active' and ${t.nextRunAt} is not null`),
  ],
);

export const campaignScheduleRuns = pgTable(
  "campaign_schedule_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => campaignSchedules.id, { onDelete: "cascade" }),
    plannedAt: at("planned_at").notNull(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    state: text("state").$type<ScheduleRunState>().notNull(),
    /** Why it did not run (insufficient balance, the template is gone…). */
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One run per planned time: a second process claiming the same schedule cannot insert it again.
    uniqueIndex("campaign_schedule_runs_planned_idx").on(t.scheduleId, t.plannedAt),
    // The runner's second step: runs whose campaign is reading its audience, to start once it is ready.
    index("campaign_schedule_runs_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.state} = 'waiting'`),
  ],
);
