import { and, desc, eq } from "drizzle-orm";
import { NEXT_RUNS_SHOWN, nextOccurrences } from "../../../contract/domain/schedules";
import type { Db } from "../../db/client";
import { campaignScheduleRuns, campaignSchedules, campaigns } from "../../db/schema";
import { conflict } from "../../http/errors";
import type { Caller } from "../caller";
import { ownSchedule, scheduleReach } from "./reach";
import { toRunRecord, toScheduleRecord, toScheduleRecords, type ScheduleRow } from "./records";
import { checkedRule, checkSave, ruleOf, type ScheduleBody } from "./save";

// Schedules' own calls. Each save runs the create service's checks, so a schedule exists only for a campaign that
// could be created now; each run checks again (a template deleted since is a run "not run", with the reason).

const RUNS_SHOWN = 100;

export async function listSchedules(db: Db, caller: Caller) {
  const rows = await db
    .select()
    .from(campaignSchedules)
    .where(scheduleReach(caller))
    .orderBy(desc(campaignSchedules.createdAt));
  return toScheduleRecords(db, rows);
}

export async function scheduleDetail(db: Db, caller: Caller, id: string) {
  const row = await ownSchedule(db, caller, id);
  const runs = await db
    .select({ run: campaignScheduleRuns, name: campaigns.name, status: campaigns.status })
    .from(campaignScheduleRuns)
    .leftJoin(campaigns, eq(campaigns.id, campaignScheduleRuns.campaignId))
    .where(eq(campaignScheduleRuns.scheduleId, row.id))
    .orderBy(desc(campaignScheduleRuns.plannedAt))
    .limit(RUNS_SHOWN);
  // While paused nothing is planned; once active, the next runs start at the stored next run (which may be due now).
  const nextRuns =
    row.status === "active" && row.nextRunAt
      ? [row.nextRunAt, ...nextOccurrences(row.rule, row.nextRunAt, NEXT_RUNS_SHOWN - 1)]
      : [];
  const first = runs[0]?.run;
  return {
    ...toScheduleRecord(row, first),
    nextRuns: nextRuns.map((d) => d.toISOString()),
    runs: runs.map((r) => toRunRecord(r.run, r.name !== null ? { name: r.name, status: r.status ?? "" } : null)),
  };
}

const sourceColumns = (audience: Awaited<ReturnType<typeof checkSave>>["source"]["audience"]) => ({
  sourceKind: audience.kind,
  segmentId: audience.segmentId ?? null,
  sourceKey: audience.key ?? null,
  sourceName: audience.name ?? null,
  pasted: audience.pasted ?? null,
  totalBytes: audience.totalBytes,
});

export async function createSchedule(db: Db, caller: Caller, body: ScheduleBody, now: Date, linkOrigin: string) {
  const first = checkedRule(ruleOf(body.rule), now);
  const { checked, source, rule } = await checkSave(db, caller, body, linkOrigin);
  const [row] = await db
    .insert(campaignSchedules)
    .values({
      userId: checked.userId,
      createdBy: caller.id,
      name: body.name.trim(),
      channel: checked.channel,
      settings: source.settings,
      ...sourceColumns(source.audience),
      rule,
      status: "active",
      nextRunAt: first,
    })
    .returning();
  return toScheduleRecord(row, undefined);
}

export async function updateSchedule(
  db: Db,
  caller: Caller,
  id: string,
  body: ScheduleBody,
  now: Date,
  linkOrigin: string,
) {
  const found = await ownSchedule(db, caller, id);
  const first = checkedRule(ruleOf(body.rule), now);
  const { checked, source, rule } = await checkSave(db, caller, body, linkOrigin);
  const [row] = await db
    .update(campaignSchedules)
    .set({
      name: body.name.trim(),
      channel: checked.channel,
      settings: source.settings,
      ...sourceColumns(source.audience),
      rule,
      // A paused schedule stays paused; an active one plans from the new rule.
      nextRunAt: found.status === "active" ? first : null,
      updatedAt: now,
    })
    .where(and(eq(campaignSchedules.id, found.id), scheduleReach(caller)))
    .returning();
  return (await toScheduleRecords(db, [row]))[0];
}

async function setStatus(db: Db, caller: Caller, id: string, to: "active" | "paused", now: Date) {
  const found = await ownSchedule(db, caller, id);
  if (found.status === to) throw conflict(`The schedule is already ${to === "active" ? "active" : "paused"}`);
  // Resuming plans from now: runs missed while paused are not made up.
  const nextRunAt = to === "active" ? checkedRule(found.rule, now) : null;
  const [row]: ScheduleRow[] = await db
    .update(campaignSchedules)
    .set({ status: to, nextRunAt, updatedAt: now })
    .where(and(eq(campaignSchedules.id, found.id), eq(campaignSchedules.status, found.status)))
    .returning();
  if (!row) throw conflict("The schedule changed meanwhile; try again");
  return (await toScheduleRecords(db, [row]))[0];
}

export const pauseSchedule = (db: Db, caller: Caller, id: string, now: Date) =>
  setStatus(db, caller, id, "paused", now);
export const resumeSchedule = (db: Db, caller: Caller, id: string, now: Date) =>
  setStatus(db, caller, id, "active", now);

/** Deletes the schedule and its run list; the campaigns its runs made (and the file they read) stay. */
export async function deleteSchedule(db: Db, caller: Caller, id: string): Promise<string> {
  const found = await ownSchedule(db, caller, id);
  await db.delete(campaignSchedules).where(eq(campaignSchedules.id, found.id));
  return found.name;
}
