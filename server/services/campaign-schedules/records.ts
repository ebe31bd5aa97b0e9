import { desc, inArray } from "drizzle-orm";
import type { CampaignScheduleRecord, ScheduleRunRecord } from "../../../contract/calls/campaign-schedules";
import { describeRule } from "../../../contract/domain/schedules";
import type { Db } from "../../db/client";
import { campaignScheduleRuns, campaignSchedules } from "../../db/schema";

export type ScheduleRow = typeof campaignSchedules.$inferSelect;
export type ScheduleRunRow = typeof campaignScheduleRuns.$inferSelect;

/** The one mapping of a schedule row to its record; `lastRun` is its newest run, if any. */
export function toScheduleRecord(
  row: ScheduleRow,
  lastRun: Pick<ScheduleRunRow, "plannedAt" | "state"> | undefined,
): CampaignScheduleRecord {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    senderId: row.settings.senderId,
    templateId: row.settings.templateId,
    variables: row.settings.variables,
    audience: { kind: row.sourceKind, segmentId: row.segmentId, name: row.sourceName },
    rule: row.rule,
    ruleText: describeRule(row.rule),
    status: row.status,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRun: lastRun ? { plannedAt: lastRun.plannedAt.toISOString(), state: lastRun.state } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Records of several schedules, each with its newest run (one query for all of them). */
export async function toScheduleRecords(db: Db, rows: ScheduleRow[]): Promise<CampaignScheduleRecord[]> {
  if (rows.length === 0) return [];
  const last = await db
    .selectDistinctOn([campaignScheduleRuns.scheduleId], {
      scheduleId: campaignScheduleRuns.scheduleId,
      plannedAt: campaignScheduleRuns.plannedAt,
      state: campaignScheduleRuns.state,
    })
    .from(campaignScheduleRuns)
    .where(
      inArray(
        campaignScheduleRuns.scheduleId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(campaignScheduleRuns.scheduleId, desc(campaignScheduleRuns.plannedAt));
  const byId = new Map(last.map((r) => [r.scheduleId, r]));
  return rows.map((row) => toScheduleRecord(row, byId.get(row.id)));
}

export function toRunRecord(run: ScheduleRunRow, campaign: { name: string; status: string } | null): ScheduleRunRecord {
  return {
    id: run.id,
    plannedAt: run.plannedAt.toISOString(),
    state: run.state,
    reason: run.reason,
    campaignId: campaign ? run.campaignId : null,
    campaignName: campaign?.name ?? null,
    campaignStatus: campaign?.status ?? null,
  };
}
