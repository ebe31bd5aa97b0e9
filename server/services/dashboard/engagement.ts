import { sql } from "drizzle-orm";
import type { DashboardEngagement } from "../../../contract/calls";
import { eachDay } from "../../../contract/domain/dashboards";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { rupees, statsInRange } from "./figures";
import type { ReportRange } from "./range";
import { rollupInReach, type DashboardReach } from "./scope";

/**
 * The range's clicks, first clickers, conversions and revenue per day, in one read of the engagement rollup
 * (engagement_daily, alias `s`: its (user_id, day) index, or (day) for the whole platform), with the same reach and
 * channel as every other dashboard figure.
 */
export async function engagementOverview(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
): Promise<DashboardEngagement> {
  const rows = await rowsOf<{ day: string; clicks: number; clickers: number; conversions: number; paise: number }>(
    db,
    sql`select s.day::text as day, sum(s.clicks)::int as clicks, sum(s.clickers)::int as clickers,
          sum(s.conversions)::int as conversions, sum(s.revenue_paise)::float8 as paise
        from engagement_daily s where ${rollupInReach(reach)} and ${statsInRange(range)} group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = eachDay(range.from, range.to).map((date) => {
    const r = byDay.get(date);
    return {
      date,
      clicks: r?.clicks ?? 0,
      clickers: r?.clickers ?? 0,
      conversions: r?.conversions ?? 0,
      paise: r?.paise ?? 0,
    };
  });
  const sum = (pick: (d: (typeof series)[number]) => number) => series.reduce((n, d) => n + pick(d), 0);
  return {
    clicks: sum((d) => d.clicks),
    clickers: sum((d) => d.clickers),
    conversions: sum((d) => d.conversions),
    // Summed in paise, then rupees once: no float drift across days.
    revenue: rupees(sum((d) => d.paise)),
    series: series.map(({ paise, ...d }) => ({ ...d, revenue: rupees(paise) })),
  };
}
