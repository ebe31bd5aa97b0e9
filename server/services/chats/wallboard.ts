// The supervisor wallboard (issue 40 item 8): an account's inbox at a glance. Four small reads, each over an index of
// the account's conversations or its team: waiting (open, the customer wrote last), open per agent, agents by
// presence, and SLA breaches since the account's midnight (its SLA zone) from the activity log.
import type { Static } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import type { WallboardRecord } from "../../../contract/calls/chat-records";
import type { PresenceState } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { csatSettings } from "./csat-settings";
import { slaSettings } from "./sla-settings";

export type WallboardOut = Static<typeof WallboardRecord>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function wallboard(db: Db, ownerId: string, now = new Date()): Promise<WallboardOut> {
  const { timeZone } = await slaSettings(db, ownerId);
  const [waiting] = await rowsOf<{ waiting: number; since: Date | string | null; unassigned: number }>(
    db,
    sql`select count(*) filter (where last_inbound_at >= last_message_at)::int as waiting,
        min(last_inbound_at) filter (where last_inbound_at >= last_message_at) as since,
        count(*) filter (where assigned_agent_id is null)::int as unassigned
      from conversations where user_id = ${ownerId} and status = 'open'`,
  );
  const agents = await rowsOf<{ id: string; name: string; presence: PresenceState; open: number }>(
    db,
    sql`select a.id::text as id, a.name, a.presence,
        (select count(*)::int from conversations c where c.assigned_agent_id = a.id and c.status = 'open') as open
      from live_agents a where a.owner_id = ${ownerId} and a.status = 'active'
      order by open desc, a.name`,
  );
  const [breaches] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct e.conversation_id)::int as n from conversation_events e
      join conversations c on c.id = e.conversation_id
      where c.user_id = ${ownerId} and e.kind in ('sla_first_breached', 'sla_resolution_breached')
        and e.created_at >= (date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`,
  );
  // CSAT today: the answers given since the same midnight, by when they were given (issue 40 item 6).
  const csat = (await csatSettings(db, ownerId)).enabled
    ? (
        await rowsOf<{ average: number | string | null; responses: number }>(
          db,
          sql`select round(avg(answer)::numeric, 1)::float8 as average, count(*)::int as responses from csat_surveys
            where user_id = ${ownerId} and answer is not null
              and answered_at >= (date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`,
        )
      )[0]
    : undefined;
  return {
    waiting: waiting?.waiting ?? 0,
    longestWaitSince: iso(waiting?.since ?? null),
    unassigned: waiting?.unassigned ?? 0,
    agents: agents.map((a) => ({ agentId: a.id, name: a.name, presence: a.presence, open: a.open })),
    breachesToday: breaches?.n ?? 0,
    csatToday: csat
      ? { average: csat.average === null ? null : Number(csat.average), responses: csat.responses }
      : null,
    timeZone,
    at: now.toISOString(),
  };
}
