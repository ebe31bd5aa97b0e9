import { sql, type SQL } from "drizzle-orm";
import type {
  DashboardAgentRow,
  DashboardCampaignRow,
  DashboardOverview,
  DashboardRoleCount,
  DashboardTotals,
} from "../../../contract/calls";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../../../contract/constants";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import { DELIVERED_STATES, eachDay, SENT_OR_FAILED_STATES } from "../../../contract/domain/dashboards";
import type { Role } from "../../../contract/roles";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { conversationWork, noWork } from "./conversation-work";
import { engagementOverview } from "./engagement";
import { DELIVERED, FAILED, MESSAGES, rupees, SPENT_PAISE, statsInRange } from "./figures";
import type { ReportRange } from "./range";
import { membersInReach, ownedInReach, statsInReach, type DashboardReach } from "./scope";

const TOP_CAMPAIGNS = 5;

interface Cell {
  day: string;
  channel: CampaignChannel;
  state: string;
  code: string;
  n: number;
  paise: number;
}

/**
 * The range's rollup rows folded by day, channel, state and code (a few thousand at most), plus the undated rows
 * of recipients waiting now. Every total, series, funnel and error figure is summed from these in one pass.
 */
export function cellsSql(reach: DashboardReach, range: ReportRange): SQL {
  const channel = range.channel === "all" ? sql`` : sql` and s.channel = ${range.channel}`;
  return sql`select s.day::text as day, s.channel, s.state, s.code, sum(s.recipients)::int as n, sum(s.cost_paise)::float8 as paise
    from recipient_daily_stats s
    where ${statsInReach(reach)} and ((s.day >= ${range.from}::date and s.day <= ${range.to}::date)
      or (s.day = '-infinity'::date and s.state in ('queued', 'sending')))${channel}
    group by 1, 2, 3, 4`;
}

async function cells(db: Db, reach: DashboardReach, range: ReportRange): Promise<Cell[]> {
  return rowsOf<Cell>(db, cellsSql(reach, range));
}

function fold(rows: readonly Cell[], range: ReportRange) {
  const totals: DashboardTotals = {
    messages: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    unconfirmed: 0,
    spent: 0,
    campaigns: 0,
    queued: 0,
  };
  const days = new Map(
    eachDay(range.from, range.to).map((date) => [
      date,
      { date, rcs: 0, sms: 0, whatsapp: 0, delivered: 0, failed: 0, spent: 0 },
    ]),
  );
  const channels = new Map(
    CAMPAIGN_CHANNELS.map((channel) => [channel, { channel, messages: 0, delivered: 0, failed: 0, spent: 0 }]),
  );
  const errors = new Map<string, { channel: CampaignChannel; code: string; count: number }>();
  let spentPaise = 0;
  for (const c of rows) {
    if (c.day === "-infinity") {
      totals.queued += c.n;
      continue;
    }
    if (!(SENT_OR_FAILED_STATES as readonly string[]).includes(c.state)) continue;
    const day = days.get(c.day);
    const channel = channels.get(c.channel);
    if (!day || !channel) continue;
    const delivered = (DELIVERED_STATES as readonly string[]).includes(c.state) ? c.n : 0;
    const failed = c.state === "failed" ? c.n : 0;
    totals.messages += c.n;
    totals.delivered += delivered;
    totals.failed += failed;
    if (c.state === "read" || c.state === "replied") totals.read += c.n;
    if (c.state === "replied") totals.replied += c.n;
    if (c.state === "sent" || c.state === "unknown") totals.unconfirmed += c.n;
    spentPaise += c.paise;
    day[c.channel] += c.n;
    day.delivered += delivered;
    day.failed += failed;
    day.spent += c.paise;
    channel.messages += c.n;
    channel.delivered += delivered;
    channel.failed += failed;
    channel.spent += c.paise;
    if (failed) {
      const key = `${c.channel}:${c.code}`;
      const row = errors.get(key) ?? errors.set(key, { channel: c.channel, code: c.code, count: 0 }).get(key);
      if (row) row.count += failed;
    }
  }
  totals.spent = rupees(spentPaise);
  return {
    totals,
    series: [...days.values()].map((d) => ({ ...d, spent: rupees(d.spent) })),
    channels: [...channels.values()].map((c) => ({ ...c, spent: rupees(c.spent) })),
    errors: [...errors.values()].sort(
      (a, b) => b.count - a.count || a.channel.localeCompare(b.channel) || a.code.localeCompare(b.code),
    ),
  };
}

/** The range's busiest campaigns (by messages), and how many campaigns sent at all. */
async function topCampaigns(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
): Promise<{ count: number; rows: DashboardCampaignRow[] }> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    channel: CampaignChannel;
    status: CampaignStatus;
    owner: string;
    messages: number;
    delivered: number;
    failed: number;
    paise: number;
    total: number;
  }>(
    db,
    sql`with per as (
          select s.campaign_id, ${MESSAGES} as messages, ${DELIVERED} as delivered, ${FAILED} as failed, ${SPENT_PAISE} as paise
          from recipient_daily_stats s where ${statsInReach(reach)} and ${statsInRange(range)}
          group by s.campaign_id
        ), sent as (select * from per where messages > 0)
        select c.id::text, c.name, c.channel, c.status, u.username as owner, sent.messages, sent.delivered, sent.failed, sent.paise,
               (select count(*)::int from sent) as total
        from sent join campaigns c on c.id = sent.campaign_id join users u on u.id = c.user_id
        order by sent.messages desc, c.created_at desc, c.id limit ${TOP_CAMPAIGNS}`,
  );
  return {
    count: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      channel: r.channel,
      status: r.status,
      owner: r.owner,
      messages: r.messages,
      delivered: r.delivered,
      failed: r.failed,
      spent: rupees(r.paise),
    })),
  };
}

/** Admin and reseller: the accounts in scope by role, and what they hold. */
async function accountsByRole(
  db: Db,
  reach: DashboardReach,
): Promise<{ roles: DashboardRoleCount[]; balance: number }> {
  const rows = await rowsOf<{ role: Role; total: number; suspended: number; balance: string }>(
    db,
    sql`select u.role, count(*)::int as total, (count(*) filter (where u.status = 'suspended'))::int as suspended, sum(u.balance)::text as balance
        from users u where ${membersInReach(reach)} group by u.role order by count(*) desc, u.role`,
  );
  // numeric sums as text, added in paise: no float drift in a total of balances.
  const paise = rows.reduce((sum, r) => sum + Math.round(Number(r.balance) * 100), 0);
  return { roles: rows.map(({ role, total, suspended }) => ({ role, total, suspended })), balance: paise / 100 };
}

/** Workspace roles: the live agents of the accounts in scope, with their conversation work in the range. */
async function agentActivity(db: Db, reach: DashboardReach, range: ReportRange): Promise<DashboardAgentRow[]> {
  const agents = await rowsOf<{
    id: string;
    name: string;
    username: string;
    user_id: string;
    last_seen_at: string | Date | null;
  }>(
    db,
    sql`select la.id::text, la.name, u.username, la.user_id::text, la.last_seen_at
        from live_agents la join users u on u.id = la.user_id
        where la.status = 'active' and ${ownedInReach(reach, "la", "owner_id")} order by la.name, la.id`,
  );
  if (agents.length === 0) return [];
  const work = await conversationWork(db, reach, range);
  return agents.map((a) => ({
    _id: a.id,
    name: a.name,
    username: a.username,
    lastSeenAt: a.last_seen_at === null ? null : new Date(a.last_seen_at).toISOString(),
    ...(work.get(a.user_id) ?? noWork()),
  }));
}

/** Balance requests waiting for the caller: its direct sub-accounts' (an admin: everyone's but its own). */
async function pendingRequests(db: Db, reach: DashboardReach): Promise<number | null> {
  const { caller } = reach;
  if (!["admin", "reseller", "manager"].includes(caller.role)) return null;
  const whose =
    caller.role === "admin"
      ? sql`r.user_id <> ${caller.id}`
      : sql`r.user_id in (select u.id from users u where u.parent_id = ${caller.id})`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from balance_requests r where r.status = 'pending' and ${whose}`,
  );
  return row?.n ?? 0;
}

export async function dashboardOverview(db: Db, reach: DashboardReach, range: ReportRange): Promise<DashboardOverview> {
  const operator = reach.scope === "platform" || reach.scope === "customers";
  const folded = fold(await cells(db, reach, range), range);
  const top = await topCampaigns(db, reach, range);
  const accounts = operator ? await accountsByRole(db, reach) : null;
  return {
    scope: reach.scope,
    from: range.from,
    to: range.to,
    channel: range.channel,
    ...folded,
    totals: { ...folded.totals, campaigns: top.count },
    topCampaigns: top.rows,
    engagement: await engagementOverview(db, reach, range),
    accounts: accounts?.roles ?? null,
    accountsBalance: accounts?.balance ?? null,
    agents: operator ? null : await agentActivity(db, reach, range),
    pendingBalanceRequests: await pendingRequests(db, reach),
  };
}
