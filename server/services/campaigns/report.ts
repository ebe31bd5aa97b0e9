import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { CampaignReportRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { campaignFailures, campaignRecipients, campaigns, inboundMessages } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { CampaignRow } from "./reach";
import { toCampaignRecords } from "./records";
import { toRecipientRecord } from "./recipients";
import { conversionsOf } from "../conversions/report";
import { linkClicksOf } from "../links/report";
import { engagementDaysOf } from "../engagement/campaign-days";
import { readableReason } from "./failure-reasons";
import type { NumberHistoryRecord } from "../../../contract/calls";

type Timeline = CampaignReportRecord["timeline"];
type Errors = CampaignReportRecord["errors"];

/** The error breakdown's rows at most: the most frequent reasons, then one "Other" row for the rest. */
export const ERRORS_MAX = 20;
/** The timeline's points at most, whatever the campaign's span: its buckets widen (a bounded payload). */
export const TIMELINE_MAX_POINTS = 200;
/** Bucket widths in minutes, the console's too (report-data.ts); past a day, whole days. */
const BUCKETS = [1, 5, 10, 15, 30, 60, 120, 360, 720, 1440];
const DAY_MINUTES = 1440;

/** The narrowest bucket that keeps `spanMinutes` within TIMELINE_MAX_POINTS buckets. */
export function bucketMinutesFor(spanMinutes: number): number {
  const fits = BUCKETS.find((b) => Math.ceil(spanMinutes / b) <= TIMELINE_MAX_POINTS);
  return fits ?? Math.ceil(spanMinutes / TIMELINE_MAX_POINTS / DAY_MINUTES) * DAY_MINUTES;
}

/**
 * Failed recipients by reason and code, the most frequent first, from the campaign's rollup (campaign_failures: a
 * few rows, kept by a trigger); past ERRORS_MAX rows the rest are summed into one "Other" row.
 */
async function errorBreakdown(db: Db, campaign: CampaignRow): Promise<Errors> {
  const rows = await db
    .select({ reason: campaignFailures.reason, code: campaignFailures.code, count: campaignFailures.recipients })
    .from(campaignFailures)
    .where(and(eq(campaignFailures.campaignId, campaign.id), gt(campaignFailures.recipients, 0)))
    .orderBy(desc(campaignFailures.recipients), campaignFailures.reason, campaignFailures.code);
  // '' is the rollup's key for "no code" (a primary key column cannot be null). The reason in words, as the live
  // control room shows it, with what the provider said beside it.
  const all = rows.map((r) => {
    const code = r.code === "" ? null : r.code;
    const words = code === null ? { reason: r.reason, detail: null } : readableReason(campaign.channel, code, r.reason);
    return { ...words, code, count: r.count };
  });
  if (all.length <= ERRORS_MAX) return all;
  const rest = all.slice(ERRORS_MAX - 1).reduce((sum, r) => sum + r.count, 0);
  return [...all.slice(0, ERRORS_MAX - 1), { reason: "Other", code: null, detail: null, count: rest }];
}

/**
 * From the start, how many recipients were sent, delivered, read, replied and failed per bucket, from the
 * campaign's per-minute rollup (campaign_timeline), widened so a campaign of any span answers at most
 * TIMELINE_MAX_POINTS points. Buckets with nothing in them are left out (the chart fills the gaps).
 */
async function timeline(db: Db, campaign: CampaignRow): Promise<{ points: Timeline; bucketMinutes: number }> {
  if (!campaign.startedAt) return { points: [], bucketMinutes: 1 };
  const from = sql`date_trunc('minute', ${campaign.startedAt.toISOString()}::timestamptz)`;
  const [span] = await rowsOf<{ first: string | Date | null; last: string | Date | null }>(
    db,
    sql`select min(minute) as first, max(minute) as last from campaign_timeline
        where campaign_id = ${campaign.id} and minute >= ${from}`,
  );
  if (!span?.first || !span.last) return { points: [], bucketMinutes: 1 };
  const spanMinutes = (new Date(span.last).getTime() - new Date(span.first).getTime()) / 60_000 + 1;
  const bucketMinutes = bucketMinutesFor(spanMinutes);
  const seconds = bucketMinutes * 60;
  // Buckets from the epoch (UTC), as the console's chart draws them.
  const rows = await rowsOf<{
    at: string | Date;
    sent: number;
    delivered: number;
    read: number;
    replied: number;
    failed: number;
  }>(
    db,
    sql`select to_timestamp(floor(extract(epoch from minute) / ${seconds}) * ${seconds}) as at,
               sum(sent)::int as sent, sum(delivered)::int as delivered, sum(read)::int as read,
               sum(replied)::int as replied, sum(failed)::int as failed
        from campaign_timeline where campaign_id = ${campaign.id} and minute >= ${from}
        group by 1 having sum(sent) + sum(delivered) + sum(read) + sum(replied) + sum(failed) > 0 order by 1`,
  );
  return { points: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })), bucketMinutes };
}

export async function campaignReport(db: Db, campaign: CampaignRow): Promise<CampaignReportRecord> {
  const [[record], errors, { points, bucketMinutes }, links, converted, days] = await Promise.all([
    toCampaignRecords(db, [campaign]),
    errorBreakdown(db, campaign),
    timeline(db, campaign),
    campaign.linkOrigin ? linkClicksOf(db, campaign.id) : undefined,
    conversionsOf(db, campaign.id),
    engagementDaysOf(db, campaign.id),
  ]);
  // Conversions show beside the clicks of a tracked campaign, and on any campaign a conversion was attributed to;
  // their days beside either.
  const conversions = campaign.linkOrigin || converted.conversions > 0 ? converted : undefined;
  const engagementDays = links || conversions ? days : undefined;
  return {
    campaign: record,
    errors,
    timeline: points,
    bucketMinutes,
    ...(links ? { links } : {}),
    ...(conversions ? { conversions } : {}),
    ...(engagementDays ? { engagementDays } : {}),
  };
}

export const HISTORY_MAX = 200;

/** One number (E.164) across the owner's campaigns, newest campaign first, each message with all its replies. */
export async function numberHistory(db: Db, ownerId: string, number: string): Promise<NumberHistoryRecord[]> {
  const rows = await db
    .select({
      recipient: campaignRecipients,
      campaignName: campaigns.name,
      channel: campaigns.channel,
      templateName: campaigns.templateName,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaignRecipients.userId, ownerId), eq(campaignRecipients.number, number)))
    .orderBy(desc(campaigns.createdAt), desc(campaignRecipients.id))
    .limit(HISTORY_MAX);
  const ids = rows.map((r) => r.recipient.id);
  const replies = ids.length
    ? await db
        .select({
          recipientId: inboundMessages.recipientId,
          text: inboundMessages.text,
          at: inboundMessages.receivedAt,
        })
        .from(inboundMessages)
        .where(inArray(inboundMessages.recipientId, ids))
        .orderBy(inboundMessages.receivedAt)
    : [];
  const byRecipient = new Map<number, { text: string; at: string }[]>();
  for (const r of replies) {
    if (r.recipientId === null) continue;
    const list = byRecipient.get(r.recipientId) ?? [];
    list.push({ text: r.text, at: r.at.toISOString() });
    byRecipient.set(r.recipientId, list);
  }
  return rows.map((r) => {
    const own = byRecipient.get(r.recipient.id) ?? [];
    return {
      campaignId: r.recipient.campaignId,
      campaignName: r.campaignName,
      channel: r.channel,
      templateName: r.templateName,
      recipient: toRecipientRecord(r.recipient, own.at(-1)?.text ?? null),
      replies: own,
    };
  });
}
