import { and, eq, sql, type SQL } from "drizzle-orm";
import { SMS_WINDOW, type SkipReason } from "../../../contract/domain/campaigns";
import type { SmsCategory } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns, users } from "../../db/schema";
import type { Tx } from "../../db/sql";
import { rcsFacts, smsFacts, whatsappFacts } from "./check-channels";
import { noOptInWhere, optedOutWhere, suppressedWhere } from "./check-consent";
import { countingAgainstLimit, dltSkipped, dndSkipped, queuedOf, usedNumbers } from "./check-skips";
import type { DltRoute } from "./dlt-route";
import type { Estimate } from "./estimate";
import { withSmsFallback, type Rates } from "../../../contract/domain/charging";
import { loadRatesFor } from "../rates/cards";
import type { CampaignRow } from "./reach";
import { openingLabel, smsWindowAt, type SmsWindowConfig } from "./sms-window";

// The pre-send check: what a start would send, skip and cost, and what stops it outright. The start runs the same
// function inside its transaction, so what the owner saw is what the start does.
// Each channel's blockers and price are in check-channels.ts; the recipients each reason skips, in check-skips.ts.

/**
 * WhatsApp's messaging limit (Meta: unique people a business may start conversations with in a moving 24 hours).
 * No tier is stored for our phone numbers yet, so every WABA gets the tier of an unverified business: 1,000.
 */
export const DEFAULT_MESSAGING_LIMIT = 1000;

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
  /** The owner's rate card at `now`, which the estimate used: a start keeps it on the campaign (control.ts). */
  rates: Rates;
}

export interface CheckOptions {
  now: Date;
  smsWindow: SmsWindowConfig;
  /** The instant the sending would begin (a schedule), for the SMS window; default `now`. */
  sendAt?: Date;
}

type Conn = Db | Tx;

async function countWhere(db: Conn, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(where);
  return row?.n ?? 0;
}

/** Recipients and their SMS parts (counted at ingest; `fallback` for rows written before parts were counted). */
export interface Tally {
  n: number;
  parts: number;
}
const partsOf = (fallback: number) =>
  sql<number>`coalesce(sum(coalesce(${campaignRecipients.smsParts}, ${fallback})), 0)::float8`;

async function tallyWhere(db: Conn, where: SQL, fallback: number): Promise<Tally> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, parts: partsOf(fallback) })
    .from(campaignRecipients)
    .where(where);
  return { n: row?.n ?? 0, parts: Number(row?.parts ?? 0) };
}

const minus = (a: Tally, ...others: Tally[]): Tally =>
  others.reduce((t, o) => ({ n: t.n - o.n, parts: t.parts - o.parts }), a);
const NONE: Tally = { n: 0, parts: 0 };

export async function preCheck(
  db: Conn,
  row: CampaignRow,
  { now, smsWindow, sendAt }: CheckOptions,
): Promise<PreCheck> {
  // The account's own card (contract/domain/rate-cards.ts); a campaign already holding money keeps the one it held with.
  // Rates stored before the SMS categories existed price them at their "sms" (withSmsFallback).
  const rates =
    row.rates && row.status !== "ready" ? withSmsFallback(row.rates) : await loadRatesFor(db, row.userId, now);
  const facts =
    row.channel === "sms"
      ? await smsFacts(db, row, rates)
      : row.channel === "whatsapp"
        ? await whatsappFacts(db, row, rates)
        : await rcsFacts(db, row, rates);
  const fallback = facts.fallbackParts;
  const valid = await countWhere(db, eq(campaignRecipients.campaignId, row.id));
  const queued = await tallyWhere(db, queuedOf(row.id), fallback);
  const suppressedTally = await tallyWhere(db, and(queuedOf(row.id), suppressedWhere(row.userId)) as SQL, fallback);
  const suppressed = suppressedTally.n;
  const optedOutTally = await tallyWhere(db, optedOutWhere(row, queuedOf(row.id)), fallback);
  const noOptInWhereRow = noOptInWhere(row, queuedOf(row.id));
  const noOptInTally = noOptInWhereRow ? await tallyWhere(db, noOptInWhereRow, fallback) : NONE;
  let messagingLimit: PreCheck["messagingLimit"] = null;
  let overLimitTally = NONE;
  if (row.channel === "whatsapp") {
    const [used] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`${usedNumbers(row, now)} as u`);
    const limit = DEFAULT_MESSAGING_LIMIT;
    const headroom = Math.max(0, limit - (used?.n ?? 0));
    messagingLimit = { limit, used: used?.n ?? 0, headroom };
    // The recipients markSkipped leaves out: those past the headroom, in audience order.
    const over = db
      .select({ smsParts: campaignRecipients.smsParts })
      .from(campaignRecipients)
      .where(countingAgainstLimit(row, now))
      .orderBy(campaignRecipients.id)
      .offset(headroom)
      .as("over");
    const [o] = await db
      .select({
        n: sql<number>`count(*)::int`,
        parts: sql<number>`coalesce(sum(coalesce(${over.smsParts}, ${fallback})), 0)::float8`,
      })
      .from(over);
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
  const sendableTally = minus(
    queued,
    suppressedTally,
    optedOutTally,
    noOptInTally,
    overLimitTally,
    dltNumberTally,
    dltVariableTally,
    dndTally,
  );
  const sendable = sendableTally.n;
  const blockers = [...facts.blockers];
  if (sendable <= 0) blockers.push({ code: "noRecipients", message: "No recipient is left to send to" });
  const state = facts.windowed ? smsWindowAt(sendAt ?? now, smsWindow) : { openNow: true, nextOpenAt: null };
  const message = state.openNow
    ? null
    : `Outside the SMS window (${smsWindow.start}–${smsWindow.end}); a start now is scheduled for the next window (${openingLabel(smsWindow)})`;
  const [owner] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, row.userId));
  return {
    valid,
    sendable: Math.max(0, sendable),
    skipped: {
      suppressed,
      optedOut: optedOutTally.n,
      noOptIn: noOptInTally.n,
      messagingLimit: overLimit,
      notOnChannel: 0,
      dltNumber,
      dltVariable,
      dnd,
    },
    blockers,
    window: { ...state, message },
    messagingLimit,
    estimate: facts.estimateOf(sendable > 0 ? sendableTally : NONE),
    // numeric(…, 2) as text: two decimals at most, so rounding ×100 is exact.
    balancePaise: Math.round(Number(owner?.balance ?? 0) * 100),
    dltRoute: facts.dltRoute ?? null,
    smsCategory: facts.smsCategory ?? null,
    rates,
  };
}

/**
 * Keeps a ready campaign's estimate and maximum on its row, as the check counts them now (the suppression list and
 * the messaging limit move), so the list, the report and the Start dialog show what a start would hold, never 0.
 * Answers the updated row, or undefined when the campaign is no longer ready (a start wrote its own figures).
 */
export async function storeDraftEstimate(
  db: Conn,
  row: CampaignRow,
  now: Date,
  check?: PreCheck,
): Promise<CampaignRow | undefined> {
  // The SMS window changes when a start sends, not what it costs: the default window is as good as any here.
  const { estimate } = check ?? (await preCheck(db, row, { now, smsWindow: SMS_WINDOW }));
  const [updated] = await db
    .update(campaigns)
    .set({ estimatedPaise: estimate.expectedPaise, maxPaise: estimate.totalPaise, estimatedAt: now })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.status, "ready")))
    .returning();
  return updated;
}
