import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { SKIP_REASONS, SKIPPED_SAMPLE_MAX, type SkipReason } from "../../../contract/domain/campaigns";
import { CONTACT_MESSAGES } from "../../../contract/domain/contacts";
import { dltVariablesProblem } from "../../../contract/domain/dlt-route";
import type { Db } from "../../db/client";
import { campaignRecipients, inboundMessages, suppressions } from "../../db/schema";
import type { Tx } from "../../db/sql";
import { dndBlockedNumbers } from "../dnd/scrub";
import type { PreCheck } from "./check";
import { consentAllows, consentSample, noOptInWhere, optedOutWhere, suppressedWhere } from "./check-consent";
import { dltSkipConditions, variableNames, type DltRoute } from "./dlt-route";
import { usedNumbersSql } from "./messaging-limit";
import type { CampaignRow } from "./reach";

// The recipients each skip reason of the pre-send check takes, as SQL conditions: the check counts them, the start
// marks them (markSkipped), the excluded-rows download lists them (skipConditions) and the owner sees a sample.

type Conn = Db | Tx;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Recipients still to be sent (queued) of a campaign. */
export const queuedOf = (campaignId: string): SQL =>
  and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, "queued")) as SQL;

/** Queued recipients consent lets through that a DLT route does not carry, by skip reason. */
export const dltSkipped = (row: CampaignRow, route: DltRoute) => {
  const base = and(queuedOf(row.id), consentAllows(row));
  const conditions = dltSkipConditions(route);
  return { dltNumber: and(base, conditions.dltNumber) as SQL, dltVariable: and(base, conditions.dltVariable) as SQL };
};

/**
 * Queued recipients the DND list holds back for the template's category: let through by consent, not left out by the DLT
 * route already, so each recipient counts under one reason.
 */
export function dndSkipped(row: CampaignRow, check: Pick<PreCheck, "smsCategory" | "dltRoute">): SQL | null {
  const blocked = check.smsCategory ? dndBlockedNumbers(row.userId, check.smsCategory) : null;
  if (!blocked) return null;
  const dlt = check.dltRoute ? dltSkipConditions(check.dltRoute) : null;
  return and(
    queuedOf(row.id),
    consentAllows(row),
    dlt ? sql`not (${dlt.dltNumber})` : undefined,
    dlt ? sql`not (${dlt.dltVariable})` : undefined,
    sql`${campaignRecipients.number} in ${blocked}`,
  ) as SQL;
}

/**
 * Numbers that wrote to the owner on WhatsApp in the last 24 h: inside the customer-service window, free of the limit.
 */
const inServiceWindow = (userId: string, now: Date) =>
  sql`(select ${inboundMessages.from} from ${inboundMessages} where ${inboundMessages.userId} = ${userId} and ${inboundMessages.channel} = 'whatsapp' and ${inboundMessages.receivedAt} > ${new Date(now.getTime() - DAY_MS)})`;

/** Numbers this WABA already started a conversation with in the moving 24 hours, outside the service window. */
export const usedNumbers = (row: CampaignRow, now: Date) =>
  sql`(select u.number from ${usedNumbersSql(row.userId, row.wabaId ?? "", new Date(now.getTime() - DAY_MS))} as u(number)
       where u.number not in ${inServiceWindow(row.userId, now)})`;

/** Queued recipients consent lets through that a send would count against the messaging limit. */
export const countingAgainstLimit = (row: CampaignRow, now: Date): SQL =>
  and(
    queuedOf(row.id),
    consentAllows(row),
    sql`${campaignRecipients.number} not in ${inServiceWindow(row.userId, now)}`,
    sql`${campaignRecipients.number} not in ${usedNumbers(row, now)}`,
  ) as SQL;

/** The consent reasons' conditions that take any recipient in `check` (opted out, then no WhatsApp opt-in). */
function consentSkips(row: CampaignRow, check: PreCheck): { reason: SkipReason; where: SQL }[] {
  const out: { reason: SkipReason; where: SQL }[] = [];
  if (check.skipped.optedOut > 0) out.push({ reason: "optedOut", where: optedOutWhere(row, queuedOf(row.id)) });
  const noOptIn = noOptInWhere(row, queuedOf(row.id));
  if (noOptIn && check.skipped.noOptIn > 0) out.push({ reason: "noOptIn", where: noOptIn });
  return out;
}

/** Marks the recipients the check skips as `skipped` with their reason key (inside the start's transaction). */
export async function markSkipped(tx: Tx, row: CampaignRow, check: PreCheck, now: Date): Promise<void> {
  if (check.dltRoute) {
    const dlt = dltSkipped(row, check.dltRoute);
    for (const reason of ["dltNumber", "dltVariable"] as const) {
      if (check.skipped[reason] > 0)
        await tx
          .update(campaignRecipients)
          .set({ state: "skipped", reason: reason satisfies SkipReason })
          .where(dlt[reason]);
    }
  }
  const dndWhere = dndSkipped(row, check);
  if (dndWhere && check.skipped.dnd > 0)
    await tx
      .update(campaignRecipients)
      .set({ state: "skipped", reason: "dnd" satisfies SkipReason })
      .where(dndWhere);
  if (check.skipped.suppressed > 0) {
    await tx
      .update(campaignRecipients)
      .set({ state: "skipped", reason: "suppressed" satisfies SkipReason })
      .where(and(queuedOf(row.id), suppressedWhere(row.userId)));
  }
  for (const { reason, where } of consentSkips(row, check))
    await tx.update(campaignRecipients).set({ state: "skipped", reason }).where(where);
  if (check.messagingLimit && check.skipped.messagingLimit > 0) {
    // The first recipients (audience order) fit the headroom; the rest are skipped, in one UPDATE.
    const over = tx
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(countingAgainstLimit(row, now))
      .orderBy(campaignRecipients.id)
      .offset(check.messagingLimit.headroom);
    await tx
      .update(campaignRecipients)
      .set({ state: "skipped", reason: "messagingLimit" satisfies SkipReason })
      .where(inArray(campaignRecipients.id, over));
  }
}

/**
 * Each skip reason of `check` with the queued recipients it takes, in the order markSkipped applies them (the
 * messaging limit's from its headroom on, in audience order): the excluded-rows download lists them.
 */
export function skipConditions(
  row: CampaignRow,
  check: PreCheck,
  now: Date,
): { reason: SkipReason; where: SQL; offset: number }[] {
  const out: { reason: SkipReason; where: SQL; offset: number }[] = [];
  if (check.dltRoute) {
    const dlt = dltSkipped(row, check.dltRoute);
    for (const reason of ["dltNumber", "dltVariable"] as const)
      if (check.skipped[reason] > 0) out.push({ reason, where: dlt[reason], offset: 0 });
  }
  const dnd = dndSkipped(row, check);
  if (dnd && check.skipped.dnd > 0) out.push({ reason: "dnd", where: dnd, offset: 0 });
  if (check.skipped.suppressed > 0)
    out.push({
      reason: "suppressed",
      where: and(queuedOf(row.id), suppressedWhere(row.userId)) as SQL,
      offset: 0,
    });
  for (const skip of consentSkips(row, check)) out.push({ ...skip, offset: 0 });
  if (check.messagingLimit && check.skipped.messagingLimit > 0)
    out.push({
      reason: "messagingLimit",
      where: countingAgainstLimit(row, now),
      offset: check.messagingLimit.headroom,
    });
  return out;
}

export interface SkippedNumber {
  number: string;
  reason: SkipReason;
  label: string;
  detail: string | null;
}

/**
 * The first recipients `check` skips, by name: the suppressed ones with the list's reason, then those past the
 * messaging limit's headroom (the same rows, in the same order, that markSkipped takes). For the owner's check only;
 * the start needs the counts alone.
 */
export async function skippedSample(db: Conn, row: CampaignRow, check: PreCheck, now: Date): Promise<SkippedNumber[]> {
  const suppressed =
    check.skipped.suppressed === 0
      ? []
      : await db
          .select({
            number: campaignRecipients.number,
            // A number not on the list is an erased person's (suppressedWhere holds both back).
            detail: sql<string>`coalesce(${suppressions.reason}, ${CONTACT_MESSAGES.erasedSkip})`,
          })
          .from(campaignRecipients)
          .leftJoin(
            suppressions,
            and(eq(suppressions.userId, row.userId), eq(suppressions.number, campaignRecipients.number)),
          )
          .where(and(queuedOf(row.id), suppressedWhere(row.userId)))
          .orderBy(campaignRecipients.id)
          .limit(SKIPPED_SAMPLE_MAX);
  const consent = await consentSample(db, row, check.skipped, queuedOf(row.id), SKIPPED_SAMPLE_MAX - suppressed.length);
  const room = SKIPPED_SAMPLE_MAX - suppressed.length - consent.length;
  const overLimit =
    !check.messagingLimit || check.skipped.messagingLimit === 0 || room <= 0
      ? []
      : await db
          .select({ number: campaignRecipients.number })
          .from(campaignRecipients)
          .where(countingAgainstLimit(row, now))
          .orderBy(campaignRecipients.id)
          .offset(check.messagingLimit.headroom)
          .limit(Math.min(room, check.skipped.messagingLimit));
  const dlt = await dltSample(db, row, check, room - overLimit.length);
  return [
    ...suppressed.map((s) => ({
      number: s.number,
      reason: "suppressed" as const,
      label: SKIP_REASONS.suppressed,
      detail: s.detail || null,
    })),
    ...consent,
    ...overLimit.map((s) => ({
      number: s.number,
      reason: "messagingLimit" as const,
      label: SKIP_REASONS.messagingLimit,
      detail: null,
    })),
    ...dlt,
    ...(await dndSample(db, row, check, room - overLimit.length - dlt.length)),
  ];
}

/** The first recipients the DND list holds back, in audience order. */
async function dndSample(db: Conn, row: CampaignRow, check: PreCheck, room: number): Promise<SkippedNumber[]> {
  const where = dndSkipped(row, check);
  if (!where || check.skipped.dnd === 0 || room <= 0) return [];
  const rows = await db
    .select({ number: campaignRecipients.number })
    .from(campaignRecipients)
    .where(where)
    .orderBy(campaignRecipients.id)
    .limit(room);
  return rows.map((r) => ({ number: r.number, reason: "dnd" as const, label: SKIP_REASONS.dnd, detail: null }));
}

/** The first recipients a DLT route leaves out; an over-long row names its variable and length. */
async function dltSample(db: Conn, row: CampaignRow, check: PreCheck, room: number): Promise<SkippedNumber[]> {
  if (!check.dltRoute) return [];
  const dlt = dltSkipped(row, check.dltRoute);
  const names = variableNames(row.variables);
  const out: SkippedNumber[] = [];
  for (const reason of ["dltNumber", "dltVariable"] as const) {
    if (check.skipped[reason] === 0 || room - out.length <= 0) continue;
    const rows = await db
      .select({ number: campaignRecipients.number, variables: campaignRecipients.variables })
      .from(campaignRecipients)
      .where(dlt[reason])
      .orderBy(campaignRecipients.id)
      .limit(room - out.length);
    for (const r of rows) {
      const detail =
        reason === "dltVariable"
          ? dltVariablesProblem((r.variables ?? row.variables).slice(0, row.variables.length), names)
          : null;
      out.push({ number: r.number, reason, label: SKIP_REASONS[reason], detail });
    }
  }
  return out;
}

/** The consent ledger's reasons are listed only when they take someone (most accounts never record consent). */
const LISTED_WHEN_USED = new Set<SkipReason>(["optedOut", "noOptIn"]);

export const skipLabels = (skipped: PreCheck["skipped"]) =>
  (Object.keys(SKIP_REASONS) as SkipReason[])
    .filter((reason) => skipped[reason] > 0 || !LISTED_WHEN_USED.has(reason))
    .map((reason) => ({ reason, label: SKIP_REASONS[reason], count: skipped[reason] }));
