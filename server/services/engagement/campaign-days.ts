import type { Static } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import type { EngagementDayRecord } from "../../../contract/calls/campaign-records";
import { DASHBOARD_MAX_DAYS } from "../../../contract/domain/dashboards";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

type EngagementDay = Static<typeof EngagementDayRecord>;

/**
 * A campaign's clicks, first clickers, conversions and revenue per reporting day, from its rollup rows
 * (engagement_daily, read by its primary key): the days with something in them, oldest first, at most a year's.
 */
export async function engagementDaysOf(db: Db, campaignId: string): Promise<EngagementDay[]> {
  const rows = await rowsOf<{
    day: string;
    clicks: number;
    clickers: number;
    conversions: number;
    revenue: string | number;
  }>(
    db,
    sql`select day::text as day, clicks, clickers, conversions, revenue_paise as revenue from engagement_daily
      where campaign_id = ${campaignId} and (clicks <> 0 or clickers <> 0 or conversions <> 0 or revenue_paise <> 0)
      order by day desc limit ${DASHBOARD_MAX_DAYS}`,
  );
  // bigint comes back as text from node-postgres: exact below 2^53 paise.
  return rows.reverse().map(({ revenue, ...r }) => ({ ...r, revenuePaise: Number(revenue) }));
}
