import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { CampaignReportRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns, inboundMessages } from "../../db/schema";
import type { CampaignRow } from "./reach";
import { toCampaignRecords } from "./records";
import { toRecipientRecord } from "./recipients";
import type { NumberHistoryRecord } from "../../../contract/calls";

type Timeline = CampaignReportRecord["timeline"];

/** Failed recipients grouped by reason and code, the most frequent first. */
async function errorBreakdown(db: Db, campaignId: string): Promise<CampaignReportRecord["errors"]> {
  const rows = await db
    .select({
      reason: sql<string>`coalesce(${campaignRecipients.reason}, 'Unknown')`,
      code: campaignRecipients.code,
      count: sql<number>`count(*)::int`,
    })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, "failed")))
    .groupBy(sql`1`, campaignRecipients.code)
    .orderBy(sql`3 desc`, sql`1`);
  return rows;
}

/**
 * Per minute from the start, how many recipients were sent, delivered, read, replied and failed in it (from each
 * recipient's own times). Minutes with nothing in them are left out: a campaign paused for days would otherwise
 * answer thousands of empty points; the chart fills the gaps.
 */
async function timeline(db: Db, campaign: CampaignRow): Promise<Timeline> {
  if (!campaign.startedAt) return [];
  const result: unknown = await db.execute(sql`
    select date_trunc('minute', e.at) as at,
           count(*) filter (where e.kind = 'sent')::int as sent,
           count(*) filter (where e.kind = 'delivered')::int as delivered,
           count(*) filter (where e.kind = 'read')::int as read,
           count(*) filter (where e.kind = 'replied')::int as replied,
           count(*) filter (where e.kind = 'failed')::int as failed
    from campaign_recipients r
    cross join lateral (values ('sent', r.sent_at), ('delivered', r.delivered_at), ('read', r.read_at), ('replied', r.replied_at), ('failed', r.failed_at)) as e(kind, at)
    where r.campaign_id = ${campaign.id} and e.at is not null and e.at >= date_trunc('minute', ${campaign.startedAt.toISOString()}::timestamptz)
    group by 1 order by 1`);
  // PGlite's and node-postgres' results both carry `rows`; the Db type is generic over the driver.
  const { rows } = result as {
    rows: { at: string | Date; sent: number; delivered: number; read: number; replied: number; failed: number }[];
  };
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

export async function campaignReport(db: Db, campaign: CampaignRow): Promise<CampaignReportRecord> {
  const [[record], errors, points] = await Promise.all([
    toCampaignRecords(db, [campaign]),
    errorBreakdown(db, campaign.id),
    timeline(db, campaign),
  ]);
  return { campaign: record, errors, timeline: points };
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
