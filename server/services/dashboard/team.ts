import { Readable } from "node:stream";
import { sql, type SQL } from "drizzle-orm";
import type { TeamRow } from "../../../contract/calls";
import type { Role } from "../../../contract/roles";
import { deliveryRate, type TeamSort } from "../../../contract/domain/dashboards";
import type { Db } from "../../db/client";
import { csvLine } from "../campaigns/csv-safe";
import { rowsOf } from "../../db/sql";
import { filterValue } from "../paging";
import { conversationWork, noWork, notSurvey } from "./conversation-work";
import { DELIVERED, FAILED, MESSAGES, rupees, SPENT_PAISE, statsInRange } from "./figures";
import type { ReportRange } from "./range";
import { membersInReach, ownedInReach, statsInReach, type DashboardReach } from "./scope";

// Team Reports: one row per account in reach with its campaigns, messages, delivery, spend and balance in the range
// (SQL sorts and pages them), and its conversation work. Also the operator dashboards' account tables.

export interface TeamQuery {
  search?: string;
  sort?: TeamSort;
  order?: "asc" | "desc";
}

interface Row {
  id: string;
  username: string;
  name: string;
  role: Role;
  status: "active" | "suspended";
  balance: string;
  agent: boolean;
  campaigns: number;
  messages: number;
  delivered: number;
  failed: number;
  paise: number;
  total: number;
}

// Conversation work is not in SQL's order: sorting by replies happens on the page's rows only when asked for.
const ORDER: Record<TeamSort, SQL> = {
  username: sql`m.username`,
  campaigns: sql`coalesce(st.campaigns, 0)`,
  messages: sql`coalesce(st.messages, 0)`,
  deliveryRate: sql`(case when coalesce(st.messages, 0) = 0 then null else st.delivered::float8 / st.messages end)`,
  spent: sql`coalesce(st.paise, 0)`,
  balance: sql`m.balance`,
  chatReplies: sql`coalesce(cw.replies, 0)`,
};

/** Per member: the rollup's figures, attributed to the campaign's owner or creator (scope.ts says which). */
function memberStats(reach: DashboardReach, range: ReportRange): SQL {
  const member = reach.attribution === "owner" ? sql`s.user_id` : sql`coalesce(c.created_by, c.user_id)`;
  const join = reach.attribution === "owner" ? sql`` : sql`join campaigns c on c.id = s.campaign_id`;
  return sql`select ${member} as member_id, count(distinct s.campaign_id) filter (where s.state in ('sent','unknown','delivered','read','replied','failed') and s.recipients > 0)::int as campaigns,
               ${MESSAGES} as messages, ${DELIVERED} as delivered, ${FAILED} as failed, ${SPENT_PAISE} as paise
             from recipient_daily_stats s ${join}
             where ${statsInReach(reach)} and ${statsInRange(range)}
             group by 1`;
}

/** Replies each person wrote in the range, for sorting by them (the other conversation figures come per page). */
function replyCounts(reach: DashboardReach, range: ReportRange): SQL {
  return sql`select coalesce(la.user_id, cm.user_id) as person, count(*)::int as replies
             from chat_messages cm left join live_agents la on la.id = cm.agent_id
             where cm.direction = 'out' and cm.recipient_id is null and ${notSurvey("cm")} and cm.created_at >= ${range.start.toISOString()}::timestamptz and cm.created_at < ${range.end.toISOString()}::timestamptz
               and ${ownedInReach(reach, "cm")}
             group by 1`;
}

async function teamRows(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
  query: TeamQuery,
  limit: number,
  offset: number,
): Promise<Row[]> {
  const search = filterValue(query.search);
  const like = search ? sql` and (m.username ilike ${`%${search}%`} or m.name ilike ${`%${search}%`})` : sql``;
  const sort = query.sort ?? "messages";
  const direction = sql.raw(
    (query.order ?? (sort === "username" ? "asc" : "desc")) === "asc" ? "asc nulls first" : "desc nulls last",
  );
  return rowsOf<Row>(
    db,
    sql`with m as (
          select u.id, u.username, u.name, u.role, u.status, u.balance from users u where ${membersInReach(reach)}
        ), st as (${memberStats(reach, range)}),
        cw as (${replyCounts(reach, range)})
        select m.id::text, m.username, m.name, m.role, m.status, m.balance::text,
               exists (select 1 from live_agents la where la.user_id = m.id and la.status = 'active') as agent,
               coalesce(st.campaigns, 0)::int as campaigns, coalesce(st.messages, 0)::int as messages,
               coalesce(st.delivered, 0)::int as delivered, coalesce(st.failed, 0)::int as failed, coalesce(st.paise, 0)::float8 as paise,
               count(*) over ()::int as total
        from m left join st on st.member_id = m.id left join cw on cw.person = m.id
        where true${like}
        order by ${ORDER[sort]} ${direction}, m.username, m.id
        limit ${limit} offset ${offset}`,
  );
}

async function toTeamRows(db: Db, reach: DashboardReach, range: ReportRange, rows: readonly Row[]): Promise<TeamRow[]> {
  const work = rows.length ? await conversationWork(db, reach, range) : new Map();
  return rows.map((r) => ({
    _id: r.id,
    username: r.username,
    name: r.name,
    type: r.role,
    status: r.status,
    balance: Number(r.balance),
    self: r.id === reach.caller.id,
    campaigns: r.campaigns,
    messages: r.messages,
    delivered: r.delivered,
    failed: r.failed,
    deliveryRate: deliveryRate(r.delivered, r.messages),
    spent: rupees(r.paise),
    agent: r.agent,
    ...(work.get(r.id) ?? noWork()),
  }));
}

export async function teamPage(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
  query: TeamQuery,
  page: { limit: number; offset: number },
) {
  const rows = await teamRows(db, reach, range, query, page.limit, page.offset);
  // A page past the end has no rows to carry the count: ask for the first one to know it.
  const count =
    rows[0]?.total ?? (page.offset > 0 ? ((await teamRows(db, reach, range, query, 1, 0))[0]?.total ?? 0) : 0);
  return { count, rows: await toTeamRows(db, reach, range, rows) };
}

const COLUMNS = [
  "username",
  "name",
  "role",
  "status",
  "campaigns",
  "messages",
  "delivered",
  "failed",
  "delivery_rate_percent",
  "spent_inr",
  "balance_inr",
  "chat_replies",
  "conversations",
  "resolved",
  "avg_response_seconds",
] as const;
const EXPORT_PAGE = 500;

/** Team Reports as CSV in the chosen order, written a page of accounts at a time as the response is read. */
export function teamCsv(db: Db, reach: DashboardReach, range: ReportRange, query: TeamQuery): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(COLUMNS);
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = await toTeamRows(db, reach, range, await teamRows(db, reach, range, query, EXPORT_PAGE, offset));
      yield rows
        .map((r) =>
          csvLine([
            r.username,
            r.name,
            r.type,
            r.status,
            r.campaigns,
            r.messages,
            r.delivered,
            r.failed,
            r.deliveryRate === null ? null : (Math.round(r.deliveryRate * 1000) / 10).toFixed(1),
            r.spent.toFixed(2),
            r.balance.toFixed(2),
            r.chatReplies,
            r.conversations,
            r.resolved,
            r.avgResponseMs === null ? null : (r.avgResponseMs / 1000).toFixed(1),
          ]),
        )
        .join("");
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}
