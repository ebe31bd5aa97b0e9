import { and, eq, inArray, lte } from "drizzle-orm";
import { CAMPAIGN_NAME_MAX } from "../../../contract/domain/campaigns";
import { nextRun, runCampaignName } from "../../../contract/domain/schedules";
import type { Db } from "../../db/client";
import { ROW_LOCK } from "../../db/locks";
import { campaignScheduleRuns, campaignSchedules, campaigns, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Caller } from "../caller";
import type { CheckOptions } from "../campaigns/check";
import { discardCampaign, startCampaign } from "../campaigns/control";
import { checkCreate, insertCampaign, type AudienceSource } from "../campaigns/create";
import { segmentSource } from "../segments/audience";
import type { ScheduleRow } from "./records";
import { createFieldsOf } from "./save";

// The runs of schedules, in two steps of one claim job (jobs/campaign-schedule-runs.ts), each inside the claim's
// transaction so a run and what it wrote commit together or not at all:
//  1. due schedules (FOR UPDATE SKIP LOCKED): the run's row (unique per schedule and planned time: made once even
//     if two processes got that far), its campaign through the create service (a draft the ingest job reads), and
//     the next planned time; a run whose checks fail now is recorded "not run" with the reason;
//  2. runs whose campaign has read its audience: the campaign is started by the ordinary start (pre-send check,
//     hold, or the next SMS window), as its owner; a refusal (insufficient balance, a blocker) is the run's reason
//     and the campaign is discarded (nothing was held). A campaign that could not read its audience likewise.

export const RUN_REASONS = {
  audience: "The audience could not be read",
  discarded: "The campaign was discarded before it started",
} as const;

/** The person a schedule's runs act as: its creator, as the session store would know them (without a session). */
async function runnerOf(db: Db, userId: string): Promise<Caller | undefined> {
  const [u] = await db
    .select({ id: users.id, username: users.username, role: users.role, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return undefined;
  return { ...u, role: u.role as Caller["role"], modules: [], sessionId: `schedule:${userId}` };
}

/** A run's audience: the segment read afresh (checked as the creator's), or the stored file or numbers again. */
async function runAudience(db: Db, caller: Caller, s: ScheduleRow): Promise<AudienceSource> {
  if (s.sourceKind === "segment") return segmentSource(db, caller, s.segmentId ?? "");
  return {
    kind: s.sourceKind,
    key: s.sourceKey ?? undefined,
    name: s.sourceName ?? undefined,
    pasted: s.pasted ?? undefined,
    totalBytes: s.totalBytes,
  };
}

const reasonOf = (error: unknown): string => {
  if (error instanceof HttpError) return error.message;
  throw error;
};

/** Step 1: up to `limit` due schedules become runs (and campaigns); returns the runs made. */
export async function makeDueRuns(tx: Db, now: Date, limit: number, linkOrigin: string): Promise<string[]> {
  const due = await tx
    .select()
    .from(campaignSchedules)
    .where(and(eq(campaignSchedules.status, "active"), lte(campaignSchedules.nextRunAt, now)))
    .orderBy(campaignSchedules.nextRunAt)
    .limit(limit)
    .for(ROW_LOCK, { skipLocked: true });
  const made: string[] = [];
  for (const s of due) {
    const planned = s.nextRunAt as Date;
    // Runs missed while the server was down are not made up either: the one due runs, then the next after now.
    const next = nextRun(s.rule, new Date(Math.max(planned.getTime(), now.getTime())));
    await tx.update(campaignSchedules).set({ nextRunAt: next, updatedAt: now }).where(eq(campaignSchedules.id, s.id));
    const [run] = await tx
      .insert(campaignScheduleRuns)
      .values({ scheduleId: s.id, plannedAt: planned, state: "waiting" })
      .onConflictDoNothing()
      .returning();
    if (!run) continue;
    made.push(run.id);
    try {
      // A savepoint: a refused create leaves the claim's transaction usable for the run's reason.
      const campaign = await tx.transaction(async (sp) => {
        const caller = await runnerOf(sp, s.createdBy);
        if (!caller) throw new HttpError(404, "The schedule's creator no longer exists");
        const audience = await runAudience(sp, caller, s);
        const name = runCampaignName(s.name, planned, s.rule.timeZone, CAMPAIGN_NAME_MAX);
        const fields = createFieldsOf(s.settings, name, audience);
        const hasFile = audience.kind === "csv" || audience.kind === "xlsx";
        const checked = await checkCreate(sp, caller, s.channel, fields, hasFile, linkOrigin);
        return insertCampaign(sp, checked, audience);
      });
      await tx
        .update(campaignScheduleRuns)
        .set({ campaignId: campaign.id, updatedAt: now })
        .where(eq(campaignScheduleRuns.id, run.id));
    } catch (error) {
      await tx
        .update(campaignScheduleRuns)
        .set({ state: "not_run", reason: reasonOf(error), updatedAt: now })
        .where(eq(campaignScheduleRuns.id, run.id));
    }
  }
  return made;
}

/** Step 2: waiting runs whose campaign has read its audience are started (or recorded as not run). */
export async function startReadRuns(tx: Db, options: CheckOptions, limit: number): Promise<string[]> {
  const ready = await tx
    .select({ run: campaignScheduleRuns, campaign: campaigns, createdBy: campaignSchedules.createdBy })
    .from(campaignScheduleRuns)
    .innerJoin(campaigns, eq(campaigns.id, campaignScheduleRuns.campaignId))
    .innerJoin(campaignSchedules, eq(campaignSchedules.id, campaignScheduleRuns.scheduleId))
    .where(and(eq(campaignScheduleRuns.state, "waiting"), inArray(campaigns.status, ["ready", "failed", "discarded"])))
    .orderBy(campaignScheduleRuns.createdAt)
    .limit(limit)
    .for(ROW_LOCK, { of: campaignScheduleRuns, skipLocked: true });
  const done: string[] = [];
  for (const { run, campaign, createdBy } of ready) {
    const settle = (state: "started" | "not_run", reason: string | null) =>
      tx
        .update(campaignScheduleRuns)
        .set({ state, reason, updatedAt: options.now })
        .where(eq(campaignScheduleRuns.id, run.id));
    done.push(run.id);
    if (campaign.status === "failed") {
      await settle("not_run", campaign.statusReason ?? RUN_REASONS.audience);
      continue;
    }
    if (campaign.status === "discarded") {
      await settle("not_run", RUN_REASONS.discarded);
      continue;
    }
    const caller = await runnerOf(tx, createdBy);
    if (!caller) {
      await settle("not_run", "The schedule's creator no longer exists");
      continue;
    }
    try {
      await startCampaign(tx, campaign, caller, options);
      await settle("started", null);
    } catch (error) {
      const reason = reasonOf(error);
      await discardCampaign(tx, campaign, caller, `Not run: ${reason}`);
      await settle("not_run", reason);
    }
  }
  return done;
}
