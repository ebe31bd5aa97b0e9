import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { periodBounds } from "../../../contract/domain/reports";
import type { Role } from "../../../contract/roles";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns } from "../../db/schema";
import { campaignReach, type CampaignRow } from "../campaigns/reach";
import type { ReportRow } from "./reach";

/** The account a report is generated for: it covers the campaigns this account reaches, as its campaign lists do. */
export interface ReportOwner {
  id: string;
  role: Role;
}

const NO_CAMPAIGN = "00000000-0000-0000-0000-000000000000";

/**
 * The campaigns a report covers: in its owner's reach, created on a day of its period (India's calendar), of its
 * channel, and the one campaign it names (a report about a campaign that no longer exists covers none).
 */
export function reportCampaigns(
  owner: ReportOwner,
  row: Pick<ReportRow, "dateFrom" | "dateTo" | "channel" | "campaignId" | "campaignName">,
): SQL | undefined {
  const { start, endExclusive } = periodBounds(row.dateFrom, row.dateTo);
  const oneCampaign = row.campaignId !== null || row.campaignName !== null;
  return and(
    campaignReach(owner),
    gte(campaigns.createdAt, start),
    lt(campaigns.createdAt, endExclusive),
    row.channel === "all" ? undefined : eq(campaigns.channel, row.channel),
    oneCampaign ? eq(campaigns.id, row.campaignId ?? NO_CAMPAIGN) : undefined,
  );
}

/**
 * The covered campaigns' ids in the order the report lists them (oldest first); only ids are held, the rows come in
 * batches.
 */
export async function campaignIds(db: Db, where: SQL | undefined): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
  return rows.map((r) => r.id);
}

export const CAMPAIGN_BATCH = 500;

/** The campaigns of the ids, CAMPAIGN_BATCH at a time, in the ids' order. */
export async function* campaignBatches(db: Db, ids: readonly string[]): AsyncGenerator<CampaignRow[]> {
  for (let i = 0; i < ids.length; i += CAMPAIGN_BATCH) {
    const slice = ids.slice(i, i + CAMPAIGN_BATCH);
    const rows = await db.select().from(campaigns).where(inArray(campaigns.id, slice));
    const byId = new Map(rows.map((r) => [r.id, r]));
    yield slice.flatMap((id) => byId.get(id) ?? []);
  }
}

/** A campaign's recipients as the detailed report reads them: how many, and the first and last id. */
export interface RecipientSpan {
  n: number;
  minId: number;
  maxId: number;
}

/**
 * Per covered campaign, its recipients' count and id range (one GROUP BY over the queue index); the total is the
 * report's rows.
 */
export async function recipientSpans(db: Db, where: SQL | undefined): Promise<Map<string, RecipientSpan>> {
  const rows = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      n: sql<number>`count(*)::int`,
      minId: sql<number>`min(${campaignRecipients.id})::float8`,
      maxId: sql<number>`max(${campaignRecipients.id})::float8`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, db.select({ id: campaigns.id }).from(campaigns).where(where)))
    .groupBy(campaignRecipients.campaignId);
  return new Map(rows.map((r) => [r.campaignId, { n: Number(r.n), minId: Number(r.minId), maxId: Number(r.maxId) }]));
}
