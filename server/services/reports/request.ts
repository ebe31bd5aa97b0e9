import { and, count, eq, inArray } from "drizzle-orm";
import {
  ALL_CAMPAIGNS,
  indiaDay,
  periodBounds,
  REPORT_MAX_UNFINISHED,
  reportRangeProblems,
  type ReportChannel,
  type ReportFormat,
} from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { reports, users } from "../../db/schema";
import { badRequest, HttpError, joinFieldErrors } from "../../http/errors";
import { findCampaign } from "../campaigns/reach";
import { isUuid, type Caller } from "../caller";
import type { ReportRow } from "./reach";
import { ROW_LOCK } from "../../db/locks";

export interface ReportRequest {
  from: string;
  to: string;
  channel: ReportChannel;
  /** A campaign's id, or "all". */
  campaignId: string;
  detailed: boolean;
  format: ReportFormat;
}

export const TOO_MANY_REPORTS = `You already have ${REPORT_MAX_UNFINISHED} reports being generated. Wait for one to finish, or delete one.`;

/**
 * The campaign the report is about, checked against the caller's reach, the channel and the period; null for every one.
 */
async function campaignOf(db: Db, caller: Caller, req: ReportRequest): Promise<{ id: string; name: string } | null> {
  if (req.campaignId === ALL_CAMPAIGNS) return null;
  if (!isUuid(req.campaignId)) {
    const message = "must be a campaign's id, or all";
    throw badRequest(`campaignId: ${message}`, [{ field: "campaignId", message }]);
  }
  const campaign = await findCampaign(db, caller, req.campaignId);
  if (req.channel !== "all" && campaign.channel !== req.channel) {
    const message = `the campaign is a ${campaign.channel} campaign: choose ${campaign.channel} or all as the channel`;
    throw badRequest(`campaignId: ${message}`, [{ field: "campaignId", message }]);
  }
  const { start, endExclusive } = periodBounds(req.from, req.to);
  if (campaign.createdAt < start || campaign.createdAt >= endExclusive) {
    const message = `the campaign was created on ${indiaDay(campaign.createdAt)}, outside ${req.from} to ${req.to}`;
    throw badRequest(`campaignId: ${message}`, [{ field: "campaignId", message }]);
  }
  return { id: campaign.id, name: campaign.name };
}

/**
 * Queues a report: the period, the campaign and the number of the account's unfinished reports are checked first, and
 * a refused request writes nothing. The account's row is locked while counting, so two requests at once cannot both
 * pass the limit.
 */
/**
 * Inside the queuing transaction: locks the account's row and refuses (429) an account with REPORT_MAX_UNFINISHED
 * reports or exports still queued or running, so two requests at once cannot both pass the limit.
 */
export async function refuseOverReportLimit(tx: Pick<Db, "select">, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(ROW_LOCK);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.userId, userId), inArray(reports.status, ["queued", "running"])));
  if (n >= REPORT_MAX_UNFINISHED) throw new HttpError(429, TOO_MANY_REPORTS);
}

export async function queueReport(db: Db, caller: Caller, req: ReportRequest): Promise<ReportRow> {
  const problems = reportRangeProblems(req.from, req.to);
  if (problems.length) throw badRequest(joinFieldErrors(problems), problems);
  const campaign = await campaignOf(db, caller, req);
  return db.transaction(async (tx) => {
    await refuseOverReportLimit(tx, caller.id);
    const [row] = await tx
      .insert(reports)
      .values({
        userId: caller.id,
        dateFrom: req.from,
        dateTo: req.to,
        channel: req.channel,
        campaignId: campaign?.id ?? null,
        campaignName: campaign?.name ?? null,
        detailed: req.detailed,
        format: req.format,
        // Due by the claim's clock (see contacts/imports.ts startImport).
        dueAt: new Date(),
      })
      .returning();
    return row;
  });
}
