// The offline hand-over (issue 40 item 4): open conversations of an agent offline longer than its account's grace
// period (accounts with auto-assignment on) go to the next online agent with room, or back to the team. Several
// processes may claim the same conversation: the move itself only applies while the conversation is still the
// offline agent's, so the second finds nothing to do.
import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { ClaimJob } from "../db/claim-loop";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";
import { announceMove } from "../services/chats/auto-assign-inbound";
import { autoAssignOne } from "../services/chats/auto-assign";

export const OFFLINE_HAND_OVER_JOB = "offline-hand-over";

interface Stranded {
  id: string;
  owner: string;
  agent: string;
}

export function offlineHandOverJob(o: { db: Db; io: Server }): ClaimJob<Stranded> {
  return {
    name: OFFLINE_HAND_OVER_JOB,
    claim: (tx, _now, limit) =>
      rowsOf<Stranded>(
        tx,
        sql`select c.id::text as id, c.user_id::text as owner, c.assigned_agent_id::text as agent
          from inbox_settings s
          join live_agents a on a.owner_id = s.user_id and a.presence = 'offline'
            and a.presence_at < now() - make_interval(mins => s.offline_grace_minutes)
          join conversations c on c.assigned_agent_id = a.id and c.status = 'open'
          where s.auto_assign
          order by c.last_message_at
          limit ${limit}
          for update of c skip locked`,
      ),
    process: async (row) => {
      const to = await autoAssignOne(o.db, row.owner, row.id, row.agent);
      if (to !== row.agent) await announceMove(o.db, o.io, row.id, { userId: row.owner, assignedAgentId: row.agent });
    },
  };
}
