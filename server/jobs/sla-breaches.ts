// SLA breaches (issue 40 item 5): a running clock whose due instant passed is marked breached, the conversation's
// activity log says so, and the account's manager (its owner) hears of it once through the bell. Several processes may
// claim the same clock: the mark applies only while the clock is still running and unmarked, so only the process whose
// update changed the row writes the log line and the notification (whose key is also unique per episode).
import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { ClaimJob } from "../db/claim-loop";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";
import { announceMove } from "../services/chats/auto-assign-inbound";
import { markBreach, type SlaClock } from "../services/chats/sla-breach";

export const SLA_BREACHES_JOB = "sla-breaches";

interface Due {
  id: string;
  clock: SlaClock;
}

export function slaBreachesJob(o: { db: Db; io: Server }): ClaimJob<Due> {
  return {
    name: SLA_BREACHES_JOB,
    // Two index ranges (the partial due indexes): clocks still running whose due instant passed.
    claim: async (tx, now, limit) => {
      const at = now.toISOString();
      const first = await rowsOf<Due>(
        tx,
        sql`select id::text as id, 'first' as clock from conversations
          where status = 'open' and sla_first_at is null and not sla_first_breached and sla_first_due <= ${at}::timestamptz
          order by sla_first_due limit ${limit} for update skip locked`,
      );
      const resolution = await rowsOf<Due>(
        tx,
        sql`select id::text as id, 'resolution' as clock from conversations
          where status = 'open' and not sla_resolve_breached and sla_resolve_due <= ${at}::timestamptz
          order by sla_resolve_due limit ${limit} for update skip locked`,
      );
      return [...first, ...resolution];
    },
    process: async (row) => {
      const marked = await markBreach(o, row.id, row.clock);
      if (marked) await announceMove(o.db, o.io, row.id, marked);
    },
  };
}
