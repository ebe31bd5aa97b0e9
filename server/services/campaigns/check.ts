import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { SKIP_REASONS, SKIPPED_SAMPLE_MAX, SMS_WINDOW, type SkipReason } from "../../../contract/domain/campaigns";
import { dltVariablesProblem } from "../../../contract/domain/dlt-route";
import { checkSmsTemplate, isSmsCategory, type SmsCategory } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns, inboundMessages, rcsBots, rcsTemplates, smsAccounts, smsTemplates, suppressions, users, wabas, whatsappTemplates } from "../../db/schema";
import { dndBlockedNumbers } from "../dnd/scrub";
import type { Tx } from "../../db/sql";
import { dltRouteOf, dltSkipConditions, variableNames, type DltRoute } from "./dlt-route";
import { estimateCost, longestParts, type Estimate } from "./estimate";
import { rcsMessagePaise } from "./dispatch-content";
import { usedNumbersSql } from "./messaging-limit";
import { loadRates } from "./rates";
import type { CampaignRow } from "./reach";
import { openingLabel, smsWindowAt, WINDOWED_SMS_CATEGORIES, type SmsWindowConfig } from "./sms-window";

// The pre-send check: what a start would send, skip and cost, and what stops it outright. The start runs the same
// function inside its transaction, so what the owner saw is what the start does.

/**
 * WhatsApp's messaging limit (Meta: unique people a business may start conversations with in a moving 24 hours).
 * No tier is stored for our phone numbers yet, so every WABA gets the tier of an unverified business: 1,000.
 */
export const DEFAULT_MESSAGING_LIMIT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Blocker {
  code: string;
  message: string;
}

export interface PreCheck {
  valid: number;
  sendable: number;
  skipped: Record<SkipReason, number>;
  blockers: Blocker[];
  window: { openNow: boolean; nextOpenAt: Date | null; message: string | null };
  messagingLimit: { limit: number; used: number; headroom: number } | null;
  estimate: Estimate;
  balancePaise: number;
  /** Set on an Indian DLT route: markSkipped and skippedSample leave out what it does not carry. */
  dltRoute: DltRoute | null;
  /** An SMS campaign's template category, which decides the DND scrub (contract/domain/dnd.ts). */
  smsCategory: SmsCategory | null;
}

export interface CheckOptions {
  now: Date;
  smsWindow: SmsWindowConfig;
  /** The instant the sending would begin (a schedule), for the SMS window; default `now`. */
  sendAt?: Date;
}

type Conn = Db | Tx;

/** Recipients still to be sent (queued) of a campaign. */
const queuedOf = (campaignId: string): SQL => and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, "queued")) as SQL;

const suppressedNumbers = (userId: string) => sql`(select ${suppressions.number} from ${suppressions} where ${suppressions.userId} = ${userId})`;

/** Queued, not suppressed recipients a DLT route does not carry, by skip reason. */
const dltSkipped = (row: CampaignRow, route: DltRoute) => {
  const base = and(queuedOf(row.id), sql`${campaignRecipients.number} not in ${suppressedNumbers(row.userId)}`);
  const conditions = dltSkipConditions(route);
  return { dltNumber: and(base, conditions.dltNumber) as SQL, dltVariable: and(base, conditions.dltVariable) as SQL };
};

/**
 * Queued recipients the DND list holds back for the template's category: not suppressed and not left out by the DLT
 * route already, so each recipient counts under one reason.
 */
function dndSkipped(row: CampaignRow, check: Pick<PreCheck, "smsCategory" | "dltRoute">): SQL | null {
  const blocked = check.smsCategory ? dndBlockedNumbers(row.userId, check.smsCategory) : null;
  if (!blocked) return null;
  const dlt = check.dltRoute ? dltSkipConditions(check.dltRoute) : null;
  return and(
    queuedOf(row.id),
    sql`${campaignRecipients.number} not in ${suppressedNumbers(row.userId)}`,
    dlt ? sql`not (${dlt.dltNumber})` : undefined,
    dlt ? sql`not (${dlt.dltVariable})` : undefined,
    sql`${campaignRecipients.number} in ${blocked}`,
  ) as SQL;
}

/** Numbers that wrote to the owner on WhatsApp in the last 24 h: inside the customer-service window, free of the limit. */
const inServiceWindow = (userId: string, now: Date) =>
  sql`(select ${inboundMessages.from} from ${inboundMessages} where ${inboundMessages.userId} = ${userId} and ${inboundMessages.channel} = 'whatsapp' and ${inboundMessages.receivedAt} > ${new Date(now.getTime() - DAY_MS)})`;

/** Numbers this WABA already started a conversation with in the moving 24 hours, outside the service window. */
const usedNumbers = (row: CampaignRow, now: Date) =>
  sql`(select u.number from ${usedNumbersSql(row.userId, row.wabaId ?? "", new Date(now.getTime() - DAY_MS))} as u(number)
       where u.number not in ${inServiceWindow(row.userId, now)})`;

/** Queued, not suppressed recipients that a send would count against the messaging limit. */
const countingAgainstLimit = (row: CampaignRow, now: Date): SQL =>
  and(
    queuedOf(row.id),
    sql`${campaignRecipients.number} not in ${suppressedNumbers(row.userId)}`,
    sql`${campaignRecipients.number} not in ${inServiceWindow(row.userId, now)}`,
    sql`${campaignRecipients.number} not in ${usedNumbers(row, now)}`,
  ) as SQL;

async function countWhere(db: Conn, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(campaignRecipients).where(where);
  return row?.n ?? 0;
}

/** Recipients and their SMS parts (counted at ingest; `fallback` for rows written before parts were counted). */
interface Tally {
  n: number;
  parts: number;
}
const partsOf = (fallback: number) => sql<number>`coalesce(sum(coalesce(${campaignRecipients.smsParts}, ${fallback})), 0)::float8`;

async function tallyWhere(db: Conn, where: SQL, fallback: number): Promise<Tally> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`, parts: partsOf(fallback) }).from(campaignRecipients).where(where);
  return { n: row?.n ?? 0, parts: Number(row?.parts ?? 0) };
}

const minus = (a: Tally, ...others: Tally[]): Tally => others.reduce((t, o) => ({ n: t.n - o.n, parts: t.parts - o.parts }), a);
const NONE: Tally = { n: 0, parts: 0 };

interface ChannelFacts {
  blockers: Blocker[];
  dltRoute?: DltRoute;
  smsCategory?: SmsCategory;
  /** SMS parts of a recipient whose parts were not counted at ingest: the template's longest fill. */
  fallbackParts: number;
  estimateOf: (sendable: Tally) => Estimate;
  windowed: boolean;
}

async function smsFacts(db: Conn, row: CampaignRow, rates: Awaited<ReturnType<typeof loadRates>>): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [account] = row.smsAccountId ? await db.select().from(smsAccounts).where(and(eq(smsAccounts.id, row.smsAccountId), eq(smsAccounts.userId, row.userId))) : [];
  const [template] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, row.templateId));
  if (!account) blockers.push({ code: "smsAccountMissing", message: "The SMS account of this campaign no longer exists" });
  else if (!account.isActive) blockers.push({ code: "smsAccountInactive", message: `The SMS account "${account.name}" is inactive` });
  if (account && !account.dltEntityId) blockers.push({ code: "dltEntityMissing", message: `The SMS account "${account.name}" has no DLT entity id` });
  if (!template || (account && template.smsAccountId !== account.id)) {
    blockers.push({ code: "templateMissing", message: "The SMS template of this campaign no longer exists" });
  } else {
    if (!template.dltTemplateId) blockers.push({ code: "dltTemplateMissing", message: `The SMS template "${template.name}" has no DLT template id` });
    if (account && !account.senderIds.includes(template.senderId)) {
      blockers.push({ code: "senderNotRegistered", message: `The sender id ${template.senderId} is not registered on the SMS account "${account.name}"` });
    }
    // The stored body must still pass the DLT rules it was registered under (placeholders, category, header).
    const problems = isSmsCategory(template.category)
      ? checkSmsTemplate({ name: template.name, body: template.body, category: template.category, senderId: template.senderId, dltTemplateId: template.dltTemplateId || "0000000000" })
      : [{ field: "category", message: "unknown category" }];
    if (problems.length) blockers.push({ code: "bodyMismatch", message: `The SMS template "${template.name}" does not match its DLT registration: ${problems.map((p) => p.message).join("; ")}` });
  }
  const windowed = template ? (WINDOWED_SMS_CATEGORIES as readonly string[]).includes(template.category) : false;
  const dltRoute = account?.dltEntityId.trim() ? dltRouteOf(row) : undefined;
  const fallbackParts = longestParts(template?.body ?? "", row.variables);
  // Customers' preferences are the DLT platform's: only a DLT route is scrubbed against them.
  const smsCategory = dltRoute && template && isSmsCategory(template.category) ? template.category : undefined;
  return { blockers, windowed, dltRoute, smsCategory, fallbackParts, estimateOf: (t) => estimateCost({ channel: "sms", sendable: t.n, rates, smsParts: t.parts }) };
}

/** A WhatsApp or RCS campaign's SMS failover: its template must still exist; the maximum holds every recipient's. */
async function failoverFacts(db: Conn, row: CampaignRow, blockers: Blocker[]): Promise<{ fallbackParts: number } | null> {
  if (!row.failover || row.failover.conditions.length === 0) return null;
  const [sms] = await db.select({ body: smsTemplates.body }).from(smsTemplates).where(eq(smsTemplates.id, row.failover.smsTemplateId));
  if (!sms) blockers.push({ code: "failoverTemplateMissing", message: "The SMS failover template no longer exists" });
  return { fallbackParts: longestParts(sms?.body ?? "", row.failover.params) };
}

async function whatsappFacts(db: Conn, row: CampaignRow, rates: Awaited<ReturnType<typeof loadRates>>): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [waba] = row.wabaId ? await db.select({ id: wabas.id }).from(wabas).where(and(eq(wabas.wabaId, row.wabaId), eq(wabas.userId, row.userId))) : [];
  if (!waba) blockers.push({ code: "wabaMissing", message: "The WhatsApp business account of this campaign is not connected" });
  const [template] = await db.select().from(whatsappTemplates).where(and(eq(whatsappTemplates.id, row.templateId), eq(whatsappTemplates.userId, row.userId)));
  if (!template) blockers.push({ code: "templateMissing", message: "The WhatsApp template of this campaign no longer exists" });
  else if (template.status !== "APPROVED") blockers.push({ code: "templateNotApproved", message: `The template "${template.name}" is ${template.status}, not APPROVED` });
  const failover = await failoverFacts(db, row, blockers);
  const category = template?.category ?? "MARKETING";
  return {
    blockers, windowed: false, fallbackParts: failover?.fallbackParts ?? 0,
    estimateOf: (t) => estimateCost({ channel: "whatsapp", sendable: t.n, rates, category, failover: failover !== null, smsParts: t.parts }),
  };
}

async function rcsFacts(db: Conn, row: CampaignRow, rates: Awaited<ReturnType<typeof loadRates>>): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [bot] = row.botId ? await db.select({ id: rcsBots.id }).from(rcsBots).where(and(eq(rcsBots.id, row.botId), eq(rcsBots.userId, row.userId))) : [];
  if (!bot) blockers.push({ code: "botMissing", message: "The RCS bot of this campaign no longer exists" });
  const [template] = await db.select().from(rcsTemplates).where(and(eq(rcsTemplates.id, row.templateId), eq(rcsTemplates.userId, row.userId)));
  if (!template) blockers.push({ code: "templateMissing", message: "The RCS template of this campaign no longer exists" });
  else if (template.status !== "ACTIVE") blockers.push({ code: "templateNotApproved", message: `The template "${template.name}" is ${template.status}, not ACTIVE` });
  const failover = await failoverFacts(db, row, blockers);
  const rcsPaise = template ? rcsMessagePaise(template.draft, row.variables, rates) : rates.rcs;
  return {
    blockers, windowed: false, fallbackParts: failover?.fallbackParts ?? 0,
    estimateOf: (t) => estimateCost({ channel: "rcs", sendable: t.n, rates, failover: failover !== null, smsParts: t.parts, rcsPaise }),
  };
}

export async function preCheck(db: Conn, row: CampaignRow, { now, smsWindow, sendAt }: CheckOptions): Promise<PreCheck> {
  const rates = await loadRates(db);
  const facts = row.channel === "sms" ? await smsFacts(db, row, rates) : row.channel === "whatsapp" ? await whatsappFacts(db, row, rates) : await rcsFacts(db, row, rates);
  const fallback = facts.fallbackParts;
  const valid = await countWhere(db, eq(campaignRecipients.campaignId, row.id));
  const queued = await tallyWhere(db, queuedOf(row.id), fallback);
  const suppressedTally = await tallyWhere(db, and(queuedOf(row.id), sql`${campaignRecipients.number} in ${suppressedNumbers(row.userId)}`) as SQL, fallback);
  const suppressed = suppressedTally.n;
  let messagingLimit: PreCheck["messagingLimit"] = null;
  let overLimitTally = NONE;
  if (row.channel === "whatsapp") {
    const [used] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`${usedNumbers(row, now)} as u`);
    const limit = DEFAULT_MESSAGING_LIMIT;
    const headroom = Math.max(0, limit - (used?.n ?? 0));
    messagingLimit = { limit, used: used?.n ?? 0, headroom };
    // The recipients markSkipped leaves out: those past the headroom, in audience order.
    const over = db.select({ smsParts: campaignRecipients.smsParts }).from(campaignRecipients).where(countingAgainstLimit(row, now)).orderBy(campaignRecipients.id).offset(headroom).as("over");
    const [o] = await db.select({ n: sql<number>`count(*)::int`, parts: sql<number>`coalesce(sum(coalesce(${over.smsParts}, ${fallback})), 0)::float8` }).from(over);
    overLimitTally = { n: o?.n ?? 0, parts: Number(o?.parts ?? 0) };
  }
  const overLimit = overLimitTally.n;
  const dlt = facts.dltRoute ? dltSkipped(row, facts.dltRoute) : null;
  const dltNumberTally = dlt ? await tallyWhere(db, dlt.dltNumber, fallback) : NONE;
  const dltVariableTally = dlt ? await tallyWhere(db, dlt.dltVariable, fallback) : NONE;
  const dltNumber = dltNumberTally.n;
  const dltVariable = dltVariableTally.n;
  const dndWhere = dndSkipped(row, { smsCategory: facts.smsCategory ?? null, dltRoute: facts.dltRoute ?? null });
  const dndTally = dndWhere ? await tallyWhere(db, dndWhere, fallback) : NONE;
  const dnd = dndTally.n;
  const sendableTally = minus(queued, suppressedTally, overLimitTally, dltNumberTally, dltVariableTally, dndTally);
  const sendable = sendableTally.n;
  const blockers = [...facts.blockers];
  if (sendable <= 0) blockers.push({ code: "noRecipients", message: "No recipient is left to send to" });
  const state = facts.windowed ? smsWindowAt(sendAt ?? now, smsWindow) : { openNow: true, nextOpenAt: null };
  const message = state.openNow ? null : `Outside the SMS window (${smsWindow.start}–${smsWindow.end}); a start now is scheduled for the next window (${openingLabel(smsWindow)})`;
  const [owner] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, row.userId));
  return {
    valid,
    sendable: Math.max(0, sendable),
    skipped: { suppressed, messagingLimit: overLimit, notOnChannel: 0, dltNumber, dltVariable, dnd },
    blockers,
    window: { ...state, message },
    messagingLimit,
    estimate: facts.estimateOf(sendable > 0 ? sendableTally : NONE),
    // numeric(…, 2) as text: two decimals at most, so rounding ×100 is exact.
    balancePaise: Math.round(Number(owner?.balance ?? 0) * 100),
    dltRoute: facts.dltRoute ?? null,
    smsCategory: facts.smsCategory ?? null,
  };
}

/** Marks the recipients the check skips as `skipped` with their reason key (inside the start's transaction). */
export async function markSkipped(tx: Tx, row: CampaignRow, check: PreCheck, now: Date): Promise<void> {
  if (check.dltRoute) {
    const dlt = dltSkipped(row, check.dltRoute);
    for (const reason of ["dltNumber", "dltVariable"] as const) {
      if (check.skipped[reason] > 0) await tx.update(campaignRecipients).set({ state: "skipped", reason: reason satisfies SkipReason }).where(dlt[reason]);
    }
  }
  const dndWhere = dndSkipped(row, check);
  if (dndWhere && check.skipped.dnd > 0) await tx.update(campaignRecipients).set({ state: "skipped", reason: "dnd" satisfies SkipReason }).where(dndWhere);
  if (check.skipped.suppressed > 0) {
    await tx
      .update(campaignRecipients)
      .set({ state: "skipped", reason: "suppressed" satisfies SkipReason })
      .where(and(queuedOf(row.id), sql`${campaignRecipients.number} in ${suppressedNumbers(row.userId)}`));
  }
  if (check.messagingLimit && check.skipped.messagingLimit > 0) {
    // The first recipients (audience order) fit the headroom; the rest are skipped, in one UPDATE.
    const over = tx
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(countingAgainstLimit(row, now))
      .orderBy(campaignRecipients.id)
      .offset(check.messagingLimit.headroom);
    await tx.update(campaignRecipients).set({ state: "skipped", reason: "messagingLimit" satisfies SkipReason }).where(inArray(campaignRecipients.id, over));
  }
}

/**
 * Each skip reason of `check` with the queued recipients it takes, in the order markSkipped applies them (the
 * messaging limit's from its headroom on, in audience order): the excluded-rows download lists them.
 */
export function skipConditions(row: CampaignRow, check: PreCheck, now: Date): { reason: SkipReason; where: SQL; offset: number }[] {
  const out: { reason: SkipReason; where: SQL; offset: number }[] = [];
  if (check.dltRoute) {
    const dlt = dltSkipped(row, check.dltRoute);
    for (const reason of ["dltNumber", "dltVariable"] as const) if (check.skipped[reason] > 0) out.push({ reason, where: dlt[reason], offset: 0 });
  }
  const dnd = dndSkipped(row, check);
  if (dnd && check.skipped.dnd > 0) out.push({ reason: "dnd", where: dnd, offset: 0 });
  if (check.skipped.suppressed > 0) out.push({ reason: "suppressed", where: and(queuedOf(row.id), sql`${campaignRecipients.number} in ${suppressedNumbers(row.userId)}`) as SQL, offset: 0 });
  if (check.messagingLimit && check.skipped.messagingLimit > 0) out.push({ reason: "messagingLimit", where: countingAgainstLimit(row, now), offset: check.messagingLimit.headroom });
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
  const suppressed = check.skipped.suppressed === 0 ? [] : await db
    .select({ number: campaignRecipients.number, detail: suppressions.reason })
    .from(campaignRecipients)
    .innerJoin(suppressions, and(eq(suppressions.userId, row.userId), eq(suppressions.number, campaignRecipients.number)))
    .where(queuedOf(row.id))
    .orderBy(campaignRecipients.id)
    .limit(SKIPPED_SAMPLE_MAX);
  const room = SKIPPED_SAMPLE_MAX - suppressed.length;
  const overLimit = !check.messagingLimit || check.skipped.messagingLimit === 0 || room <= 0 ? [] : await db
    .select({ number: campaignRecipients.number })
    .from(campaignRecipients)
    .where(countingAgainstLimit(row, now))
    .orderBy(campaignRecipients.id)
    .offset(check.messagingLimit.headroom)
    .limit(Math.min(room, check.skipped.messagingLimit));
  const dlt = await dltSample(db, row, check, room - overLimit.length);
  return [
    ...suppressed.map((s) => ({ number: s.number, reason: "suppressed" as const, label: SKIP_REASONS.suppressed, detail: s.detail || null })),
    ...overLimit.map((s) => ({ number: s.number, reason: "messagingLimit" as const, label: SKIP_REASONS.messagingLimit, detail: null })),
    ...dlt,
    ...(await dndSample(db, row, check, room - overLimit.length - dlt.length)),
  ];
}

/** The first recipients the DND list holds back, in audience order. */
async function dndSample(db: Conn, row: CampaignRow, check: PreCheck, room: number): Promise<SkippedNumber[]> {
  const where = dndSkipped(row, check);
  if (!where || check.skipped.dnd === 0 || room <= 0) return [];
  const rows = await db.select({ number: campaignRecipients.number }).from(campaignRecipients).where(where).orderBy(campaignRecipients.id).limit(room);
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
    const rows = await db.select({ number: campaignRecipients.number, variables: campaignRecipients.variables })
      .from(campaignRecipients).where(dlt[reason]).orderBy(campaignRecipients.id).limit(room - out.length);
    for (const r of rows) {
      const detail = reason === "dltVariable" ? dltVariablesProblem((r.variables ?? row.variables).slice(0, row.variables.length), names) : null;
      out.push({ number: r.number, reason, label: SKIP_REASONS[reason], detail });
    }
  }
  return out;
}

export const skipLabels = (skipped: PreCheck["skipped"]) =>
  (Object.keys(SKIP_REASONS) as SkipReason[]).map((reason) => ({ reason, label: SKIP_REASONS[reason], count: skipped[reason] }));

/**
 * Keeps a ready campaign's estimate and maximum on its row, as the check counts them now (the suppression list and
 * the messaging limit move), so the list, the report and the Start dialog show what a start would hold, never 0.
 * Answers the updated row, or undefined when the campaign is no longer ready (a start wrote its own figures).
 */
export async function storeDraftEstimate(db: Conn, row: CampaignRow, now: Date, check?: PreCheck): Promise<CampaignRow | undefined> {
  // The SMS window changes when a start sends, not what it costs: the default window is as good as any here.
  const { estimate } = check ?? (await preCheck(db, row, { now, smsWindow: SMS_WINDOW }));
  const [updated] = await db
    .update(campaigns)
    .set({ estimatedPaise: estimate.expectedPaise, maxPaise: estimate.totalPaise })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.status, "ready")))
    .returning();
  return updated;
}
