import { sql } from "drizzle-orm";
import type { AgentActivity } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { ReportRange } from "./range";
import { ownedInReach, type DashboardReach } from "./scope";

// Who answered customers in the range, per person: a live agent (its sign-in, live_agents.user_id) for what it
// wrote, the account itself for what it wrote in its own inbox. The same rules as the Team Members monitor
// (services/live-agents/metrics.ts): a customer "asks" with the first message after the business last wrote, and the
// answer is the next outgoing message of the conversation, credited to whoever wrote it.

/**
 * A satisfaction survey's thread message (contract/domain/csat.ts, client id `csat:<survey>`) is the business
 * writing, but nobody's reply: it is left out of replies and response times.
 */
export const notSurvey = (alias: string) =>
  sql`(${sql.raw(alias)}.client_id is null or ${sql.raw(alias)}.client_id not like 'csat:%')`;

export const noWork = (): AgentActivity => ({ chatReplies: 0, conversations: 0, resolved: 0, avgResponseMs: null });

export async function conversationWork(
  db: Db,
  reach: DashboardReach,
  range: ReportRange,
): Promise<Map<string, AgentActivity>> {
  const from = range.start.toISOString();
  const to = range.end.toISOString();
  const inScope = ownedInReach(reach, "cm");
  const replies = await rowsOf<{ person: string; replies: number; conversations: number }>(
    db,
    sql`select coalesce(la.user_id, cm.user_id)::text as person, count(*)::int as replies, count(distinct cm.conversation_id)::int as conversations
        from chat_messages cm left join live_agents la on la.id = cm.agent_id
        where cm.direction = 'out' and cm.recipient_id is null and ${notSurvey("cm")} and cm.created_at >= ${from}::timestamptz and cm.created_at < ${to}::timestamptz and ${inScope}
        group by 1`,
  );
  const resolved = await rowsOf<{ person: string; n: number }>(
    db,
    sql`select coalesce(la.user_id, cv.user_id)::text as person, count(*)::int as n
        from conversations cv left join live_agents la on la.id = cv.assigned_agent_id
        where cv.resolved_at >= ${from}::timestamptz and cv.resolved_at < ${to}::timestamptz and ${ownedInReach(reach, "cv")}
        group by 1`,
  );
  // Each message knows the next outgoing one of its conversation (a window over the conversation in reverse, whose
  // frame only grows, so it stays linear); an ask's answer is that message.
  const responses = await rowsOf<{ person: string; avg_ms: number | null }>(
    db,
    sql`with active as (
          select distinct cm.conversation_id from chat_messages cm
          where cm.created_at >= ${from}::timestamptz and cm.created_at < ${to}::timestamptz and ${inScope}
        ), m as (
          select cm.id, cm.direction, cm.created_at,
                 lag(cm.direction) over (partition by cm.conversation_id order by cm.id) as before,
                 min(case when cm.direction = 'out' then cm.id end)
                   over (partition by cm.conversation_id order by cm.id desc rows between unbounded preceding and 1 preceding) as answer_id
          from chat_messages cm
          where cm.direction in ('in', 'out') and cm.recipient_id is null and ${notSurvey("cm")} and cm.conversation_id in (select conversation_id from active)
        )
        select coalesce(la.user_id, o.user_id)::text as person, avg(extract(epoch from o.created_at - m.created_at) * 1000)::float8 as avg_ms
        from m
        join chat_messages o on o.id = m.answer_id
        left join live_agents la on la.id = o.agent_id
        where m.direction = 'in' and (m.before is null or m.before = 'out')
          and m.created_at >= ${from}::timestamptz and m.created_at < ${to}::timestamptz
        group by 1`,
  );
  const out = new Map<string, AgentActivity>();
  const of = (person: string) => out.get(person) ?? (out.set(person, noWork()).get(person) as AgentActivity);
  for (const r of replies) Object.assign(of(r.person), { chatReplies: r.replies, conversations: r.conversations });
  for (const r of resolved) of(r.person).resolved = r.n;
  for (const r of responses) of(r.person).avgResponseMs = r.avg_ms === null ? null : Math.round(r.avg_ms);
  return out;
}
