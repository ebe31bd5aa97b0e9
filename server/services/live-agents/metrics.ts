import { sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { AgentMetricsRecord } from "../../../contract/calls/chat-records";
import type { AgentMetricPeriod } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

export type AgentMetrics = Static<typeof AgentMetricsRecord>;

const PERIOD_MS: Record<AgentMetricPeriod, number> = {
  day: 24 * 3600_000,
  week: 7 * 24 * 3600_000,
  month: 30 * 24 * 3600_000,
};

// A customer "asks" with the first message after the business last wrote (or ever); the reply is the next outgoing
// message of the conversation. An agent is measured on the asks it answered itself: first response (the first ask
// of each conversation in the period), average response (every ask), and resolution (created → resolved).
const ANSWERS = (agentId: string, from: string, to: string) => sql`
  with m as (
    select id, conversation_id, direction, created_at,
           lag(direction) over (partition by conversation_id order by id) as before
    from chat_messages
    where direction in ('in', 'out') and conversation_id in (select distinct conversation_id from chat_messages where agent_id = ${agentId})
  ), asks as (
    select conversation_id, created_at as asked_at from m
    where direction = 'in' and (before is null or before = 'out') and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
  )
  select a.conversation_id, a.asked_at, r.created_at as answered_at,
         row_number() over (partition by a.conversation_id order by a.asked_at) as nth
  from asks a
  join lateral (
    select o.created_at, o.agent_id from chat_messages o
    where o.conversation_id = a.conversation_id and o.direction = 'out' and o.created_at > a.asked_at order by o.id limit 1
  ) r on r.agent_id = ${agentId}`;

interface Totals {
  handled: number;
  sent: number;
  resolved: number;
  resolution_ms: number | null;
  first_total: number;
  first_met: number;
  resolve_total: number;
  resolve_met: number;
  csat_avg: number | null;
  csat_n: number;
}

/** One agent's work in the period up to `now`, with a series per hour (day) or per day (week, month). */
export async function agentMetrics(
  db: Db,
  agentId: string,
  period: AgentMetricPeriod,
  now = new Date(),
): Promise<AgentMetrics> {
  const to = now.toISOString();
  const from = new Date(now.getTime() - PERIOD_MS[period]).toISOString();
  const unit = period === "day" ? "hour" : "day";
  const [totals] = await rowsOf<Totals>(
    db,
    sql`select
          (select count(distinct conversation_id)::int from chat_messages where agent_id = ${agentId} and direction = 'out' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as handled,
          (select count(*)::int from chat_messages where agent_id = ${agentId} and direction = 'out' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz) as sent,
          (select count(*)::int from conversations where assigned_agent_id = ${agentId} and resolved_at >= ${from}::timestamptz and resolved_at < ${to}::timestamptz) as resolved,
          (select avg(extract(epoch from resolved_at - created_at) * 1000)::float8 from conversations where assigned_agent_id = ${agentId} and resolved_at >= ${from}::timestamptz and resolved_at < ${to}::timestamptz) as resolution_ms,
          (select count(*)::int from conversations where sla_first_agent_id = ${agentId} and sla_first_due is not null and sla_first_at >= ${from}::timestamptz and sla_first_at < ${to}::timestamptz) as first_total,
          (select count(*)::int from conversations where sla_first_agent_id = ${agentId} and sla_first_due is not null and not sla_first_breached and sla_first_at >= ${from}::timestamptz and sla_first_at < ${to}::timestamptz) as first_met,
          (select count(*)::int from conversations where assigned_agent_id = ${agentId} and status = 'resolved' and sla_resolve_due is not null and resolved_at >= ${from}::timestamptz and resolved_at < ${to}::timestamptz) as resolve_total,
          (select count(*)::int from conversations where assigned_agent_id = ${agentId} and status = 'resolved' and sla_resolve_due is not null and not sla_resolve_breached and resolved_at >= ${from}::timestamptz and resolved_at < ${to}::timestamptz) as resolve_met,
          (select round(avg(answer)::numeric, 1)::float8 from csat_surveys where agent_id = ${agentId} and answer is not null and answered_at >= ${from}::timestamptz and answered_at < ${to}::timestamptz) as csat_avg,
          (select count(*)::int from csat_surveys where agent_id = ${agentId} and answer is not null and answered_at >= ${from}::timestamptz and answered_at < ${to}::timestamptz) as csat_n`,
  );
  const [responses] = await rowsOf<{ first_ms: number | null; avg_ms: number | null }>(
    db,
    sql`select avg(extract(epoch from answered_at - asked_at) * 1000) filter (where nth = 1)::float8 as first_ms,
               avg(extract(epoch from answered_at - asked_at) * 1000)::float8 as avg_ms
        from (${ANSWERS(agentId, from, to)}) x`,
  );
  const series = await rowsOf<{ bucket: string; conversations: number; sent: number; avg_ms: number | null }>(
    db,
    sql`with b as (select generate_series(date_trunc(${unit}, ${from}::timestamptz), ${to}::timestamptz, ${`1 ${unit}`}::interval) as bucket),
        o as (select date_trunc(${unit}, created_at) as bucket, conversation_id from chat_messages
              where agent_id = ${agentId} and direction = 'out' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz),
        r as (select date_trunc(${unit}, answered_at) as bucket, extract(epoch from answered_at - asked_at) * 1000 as ms from (${ANSWERS(agentId, from, to)}) x)
        select b.bucket, (select count(distinct conversation_id)::int from o where o.bucket = b.bucket) as conversations,
               (select count(*)::int from o where o.bucket = b.bucket) as sent,
               (select avg(ms)::float8 from r where r.bucket = b.bucket) as avg_ms
        from b order by b.bucket`,
  );
  return {
    agentId,
    period,
    from,
    to,
    conversationsHandled: totals?.handled ?? 0,
    conversationsResolved: totals?.resolved ?? 0,
    messagesSent: totals?.sent ?? 0,
    firstResponseMs: responses?.first_ms ?? null,
    avgResponseMs: responses?.avg_ms ?? null,
    resolutionMs: totals?.resolution_ms ?? null,
    // SLA attainment (issue 40 item 5): the stored flags, never clocks recomputed.
    slaFirstResponses: totals?.first_total ?? 0,
    slaFirstResponsesMet: totals?.first_met ?? 0,
    slaResolutions: totals?.resolve_total ?? 0,
    slaResolutionsMet: totals?.resolve_met ?? 0,
    csatAverage: totals?.csat_avg === null || totals?.csat_avg === undefined ? null : Number(totals.csat_avg),
    csatResponses: totals?.csat_n ?? 0,
    series: series.map((s) => ({
      bucket: new Date(s.bucket).toISOString(),
      conversations: s.conversations,
      messagesSent: s.sent,
      avgResponseMs: s.avg_ms,
    })),
  };
}
