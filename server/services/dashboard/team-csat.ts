import { sql } from "drizzle-orm";
import type { TeamCsatRow, TeamCsatTotals } from "../../../contract/calls";
import { DEFAULT_TIME_ZONE } from "../../../contract/domain/time-zone";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { ReportRange } from "./range";
import { ownedInReach, type DashboardReach } from "./scope";

// Team Reports' customer satisfaction (issue 40 item 6): per agent, the surveys sent in the period and what their
// answers say. A survey counts on the day it was sent, in its account's time zone (inbox_settings.time_zone, the one
// the wallboard's "today" uses), so an account in Dubai and one in Kolkata each get their own midnight; the answer
// belongs to its survey whenever it came (within contract/domain/csat.ts's CSAT_ANSWER_HOURS). Scores are 1-5
// (WhatsApp's Poor / Okay / Great are 1 / 3 / 5); "satisfied" is a 4 or a 5. Everything is summed in SQL.

interface FigureRow {
  sent: number;
  answers: number;
  response_rate: number | null;
  average: number | string | null;
  satisfied: number | null;
}

const FIGURES = sql`count(*)::int as sent, count(s.answer)::int as answers,
  round(100.0 * count(s.answer) / nullif(count(*), 0))::int as response_rate,
  round(avg(s.answer)::numeric, 1)::float8 as average,
  round(100.0 * count(*) filter (where s.answer >= 4) / nullif(count(s.answer), 0))::int as satisfied`;

const figures = (r: FigureRow): TeamCsatTotals => ({
  sent: r.sent,
  answers: r.answers,
  responseRate: r.response_rate,
  average: r.average === null ? null : Number(r.average),
  satisfied: r.satisfied,
});

/** The surveys in reach sent in the range's days, each account's days bounded at its own midnight. */
function surveysInRange(reach: DashboardReach, range: ReportRange) {
  const zone = sql`coalesce(i.time_zone, ${DEFAULT_TIME_ZONE})`;
  return sql`select s.user_id, s.agent_id, s.answer
    from csat_surveys s left join inbox_settings i on i.user_id = s.user_id
    where ${ownedInReach(reach, "s")}
      and s.sent_at >= (${range.from}::date::timestamp at time zone ${zone})
      and s.sent_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})`;
}

export async function teamCsat(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: TeamCsatRow[]; totals: TeamCsatTotals }> {
  const surveys = surveysInRange(reach, range);
  const [total] = await rowsOf<FigureRow & { groups: number }>(
    db,
    sql`with s as (${surveys})
      select ${FIGURES}, count(distinct s.user_id::text || ':' || coalesce(s.agent_id::text, ''))::int as groups from s`,
  );
  const rows = await rowsOf<
    FigureRow & { agent_id: string | null; agent_name: string | null; account_id: string; account: string }
  >(
    db,
    sql`with s as (${surveys})
      select s.agent_id::text as agent_id, a.name as agent_name, s.user_id::text as account_id, u.username as account,
        ${FIGURES}
      from s join users u on u.id = s.user_id left join live_agents a on a.id = s.agent_id
      group by s.user_id, u.username, s.agent_id, a.name
      order by sent desc, answers desc, u.username, a.name nulls first, s.agent_id
      limit ${window.limit} offset ${window.offset}`,
  );
  return {
    count: total?.groups ?? 0,
    rows: rows.map((r) => ({
      agentId: r.agent_id,
      agentName: r.agent_name,
      accountId: r.account_id,
      account: r.account,
      ...figures(r),
    })),
    totals: total ? figures(total) : { sent: 0, answers: 0, responseRate: null, average: null, satisfied: null },
  };
}
