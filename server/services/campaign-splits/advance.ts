import { and, eq, inArray } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES } from "../../../contract/domain/campaigns";
import { pickWinner, remainderSlice, VARIANT_LABELS } from "../../../contract/domain/splits";
import { normalizeRole } from "../../../contract/roles";
import type { Db } from "../../db/client";
import { campaignSplits, users } from "../../db/schema";
import { conflict, HttpError } from "../../http/errors";
import type { Caller } from "../caller";
import type { CheckOptions } from "../campaigns/check";
import { scheduleCampaign, startCampaign } from "../campaigns/control";
import { insertCampaign, type AudienceSource, type CheckedCampaign } from "../campaigns/create";
import type { CampaignRow } from "../campaigns/reach";
import { countsOf, emptyCounts } from "../campaigns/records";
import { variantName } from "./create";
import type { SplitRow } from "./reach";
import { decideAtOf, figuresOf, splitCampaigns } from "./records";

// What the split job does with one test each time it is due: start the campaigns whose audience is read (each with
// the start's own checks and hold), choose the winner once decide-after hours passed since the last variant started,
// then create the winner's campaign over the held-back rest and start it the same way.

export interface AdvanceOptions extends CheckOptions {
  /** How soon to look again while a campaign is still being read or could not start. */
  pollMs: number;
}

/** Thrown to roll back a decision another look at the split already made. */
class Superseded extends Error {}

const isFinal = (row: CampaignRow) => (FINAL_CAMPAIGN_STATUSES as readonly string[]).includes(row.status);

/** The person the split job acts for (its hold's actor): who created the test, else its owner. */
async function actorOf(db: Db, split: SplitRow): Promise<Caller | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, split.createdBy ?? split.userId));
  if (!user) return null;
  const role = normalizeRole(user.role);
  if (!role) return null;
  return { id: user.id, username: user.username, role, parentId: user.parentId, modules: [], sessionId: "" };
}

/** Starts a ready campaign (scheduled when its send time is ahead); the refusal's words when the start refuses. */
async function launch(
  db: Db,
  row: CampaignRow,
  actor: Caller,
  options: AdvanceOptions,
  sendAt: string | null,
  timeZone: string | null,
): Promise<string | null> {
  try {
    if (sendAt && new Date(sendAt).getTime() > options.now.getTime())
      await scheduleCampaign(db, row, actor, options, { scheduledAt: sendAt, timeZone: timeZone ?? "Asia/Kolkata" });
    else await startCampaign(db, row, actor, options);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

/** The winner's campaign fields, as the checks fixed them for the winner (its template, sender and values). */
function checkedOf(row: CampaignRow, name: string): CheckedCampaign {
  return {
    channel: row.channel,
    userId: row.userId,
    createdBy: row.createdBy ?? row.userId,
    name,
    templateId: row.templateId,
    templateName: row.templateName,
    botId: row.botId,
    smsAccountId: row.smsAccountId,
    wabaId: row.wabaId,
    sender: row.sender ?? "",
    senderLabel: row.senderLabel,
    variables: row.variables,
    failover: row.failover,
    headerMedia: row.headerMedia,
    defaultRegion: row.defaultRegion,
    saveToContacts: false,
    linkOrigin: row.linkOrigin,
  };
}

const audienceOf = (row: CampaignRow): AudienceSource => ({
  kind: row.sourceKind,
  segmentId: row.segmentId ?? undefined,
  key: row.sourceKey ?? undefined,
  name: row.sourceName ?? undefined,
  pasted: row.pasted ?? undefined,
  totalBytes: row.totalBytes,
});

/**
 * Chooses the winner and, with a test share below 100%, creates its campaign over [t, 1) (started by the split job's
 * next look, due at once). False when another look decided it first: this one wrote nothing.
 */
async function decide(db: Db, split: SplitRow, variants: readonly CampaignRow[], now: Date): Promise<boolean> {
  const counts = await countsOf(
    db,
    variants.map((v) => v.id),
  );
  const figures = [];
  for (const v of variants) figures.push(await figuresOf(db, v.id, counts.get(v.id) ?? emptyCounts()));
  const winner = pickWinner(figures, split.metric);
  const decided = { winnerVariant: winner.index, winnerReason: winner.reason, decidedAt: now, updatedAt: now };
  const open = and(eq(campaignSplits.id, split.id), eq(campaignSplits.status, "testing"));
  if (split.testSharePercent === 100) {
    const moved = await db
      .update(campaignSplits)
      .set({ ...decided, status: "completed", statusReason: null, nextRunAt: null })
      .where(open)
      .returning({ id: campaignSplits.id });
    return moved.length > 0;
  }
  const slice = remainderSlice(split.testSharePercent);
  const won = variants[winner.index];
  const name = variantName(split.name, `Winner (${VARIANT_LABELS[winner.index]})`);
  try {
    await db.transaction(async (tx) => {
      const rest = await insertCampaign(tx, checkedOf(won, name), audienceOf(won), undefined, {
        splitId: split.id,
        splitVariant: null,
        sliceLo: slice.lo,
        sliceHi: slice.hi,
        sliceSalt: split.id,
      });
      const moved = await tx
        .update(campaignSplits)
        .set({ ...decided, status: "sending", statusReason: null, remainderCampaignId: rest.id, nextRunAt: now })
        .where(open)
        .returning({ id: campaignSplits.id });
      // Decided meanwhile (another look at it): the winner's campaign of this look must not stay.
      if (moved.length === 0) throw new Superseded();
    });
    return true;
  } catch (error) {
    if (!(error instanceof Superseded)) throw error;
    return false;
  }
}

export const DECIDE_MESSAGES = {
  decided: "This A/B test is already decided",
  notTesting: (status: string) => `This A/B test is ${status}: there is nothing to decide`,
  noRest: "This A/B test has no held-back share: its winner is recorded when the test ends",
  notStarted: "Every variant must start sending before a winner can be chosen",
} as const;

/**
 * "Decide now": the timer's decision (same metric, same decide()) taken before decide-after hours pass, for a test
 * still testing that holds back a share for the winner and whose variants all started. Refusals are 409s; a decision
 * another look made meanwhile is refused too, so the remainder is created once.
 */
export async function decideSplitNow(db: Db, split: SplitRow, now: Date): Promise<void> {
  if (split.winnerVariant !== null) throw conflict(DECIDE_MESSAGES.decided);
  if (split.status !== "testing") throw conflict(DECIDE_MESSAGES.notTesting(split.status));
  if (split.testSharePercent === 100) throw conflict(DECIDE_MESSAGES.noRest);
  const group = (await splitCampaigns(db, [split])).get(split.id);
  const live = group?.variants.filter((v) => v.startedAt || !isFinal(v)) ?? [];
  if (!group || live.length === 0 || !decideAtOf(split, live)) throw conflict(DECIDE_MESSAGES.notStarted);
  if (!(await decide(db, split, group.variants, now))) throw conflict(DECIDE_MESSAGES.decided);
}

/**
 * One look at a split; answers when it is next due (null: nothing left to do). Starting is retried while a start
 * refuses (a balance short of the hold), with the refusal shown on the test.
 */
export async function advanceSplit(db: Db, split: SplitRow, options: AdvanceOptions): Promise<Date | null> {
  const { now } = options;
  const later = new Date(now.getTime() + options.pollMs);
  const group = (await splitCampaigns(db, [split])).get(split.id);
  if (!group) return null;
  const actor = await actorOf(db, split);
  if (!actor) return null;
  const refusals: string[] = [];
  for (const [i, row] of group.variants.entries()) {
    if (row.status !== "ready" || split.status !== "testing") continue;
    const meta = split.variants[i];
    const refused = await launch(db, row, actor, options, meta.sendAt, meta.timeZone);
    if (refused) refusals.push(`Variant ${VARIANT_LABELS[i]} could not start: ${refused}`);
  }
  if (group.remainder?.status === "ready") {
    const refused = await launch(db, group.remainder, actor, options, null, null);
    if (refused) refusals.push(`The winner's campaign could not start: ${refused}`);
  }
  await db
    .update(campaignSplits)
    .set({ statusReason: refusals.length ? refusals.join("; ") : null, updatedAt: now })
    .where(eq(campaignSplits.id, split.id));
  if (refusals.length) return later;

  const fresh = (await splitCampaigns(db, [split])).get(split.id) ?? group;
  if (split.status === "sending") {
    const rest = fresh.remainder;
    if (rest && (rest.startedAt || isFinal(rest))) {
      await db
        .update(campaignSplits)
        .set({ status: "completed", nextRunAt: null, updatedAt: now })
        .where(eq(campaignSplits.id, split.id));
      return null;
    }
    return later;
  }
  // Variants that failed to read or were discarded before they started take no part in the decision.
  const live = fresh.variants.filter((v) => v.startedAt || !isFinal(v));
  if (live.length === 0) {
    await db
      .update(campaignSplits)
      .set({ status: "failed", statusReason: "No variant could be sent", nextRunAt: null, updatedAt: now })
      .where(eq(campaignSplits.id, split.id));
    return null;
  }
  const decideAt = decideAtOf(split, live);
  if (!decideAt) return later;
  // Every variant started: nothing to do until the decision (the comparison is read live, not by this job).
  if (decideAt.getTime() > now.getTime()) return decideAt;
  await decide(db, split, fresh.variants, now);
  return split.testSharePercent === 100 ? null : now;
}

/**
 * One look at a split and its next due time written (the split job's work for each claimed row). Written only while
 * the status is still the one this look started from: a move made elsewhere meanwhile (Decide now) wrote its own due
 * time, which a stale look must not push back to its decide-at hours later; a move this look made wrote it too.
 */
export async function runSplit(db: Db, split: SplitRow, options: AdvanceOptions): Promise<Date | null> {
  const next = await advanceSplit(db, split, options);
  await db
    .update(campaignSplits)
    .set({ nextRunAt: next })
    .where(
      and(
        eq(campaignSplits.id, split.id),
        eq(campaignSplits.status, split.status),
        inArray(campaignSplits.status, ["testing", "sending"]),
      ),
    );
  return next;
}
