// Marking one SLA breach (jobs/sla-breaches.ts): the flag, the activity line and the manager's notification, once.
import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { notifyMany } from "../notifications/notify";

export type SlaClock = "first" | "resolution";

const WHAT: Record<SlaClock, { title: string; body: string }> = {
  first: { title: "First-response SLA breached", body: "nobody replied by the first-response target." },
  resolution: { title: "Resolution SLA breached", body: "the conversation was not resolved by the resolution target." },
};

/**
 * Marks the clock breached if it still runs past its due instant, writes the activity line in the same transaction,
 * then notifies the account's owner (the manager). Answers the conversation's rooms when this call marked it.
 */
export async function markBreach(
  ctx: { db: Db; io: Server },
  conversationId: string,
  clock: SlaClock,
): Promise<{ userId: string; assignedAgentId: string | null; customerNumber: string; start: string } | null> {
  const marked = await ctx.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ user_id: string; agent: string | null; number: string; start: string }>(
      tx,
      clock === "first"
        ? sql`update conversations set sla_first_breached = true
            where id = ${conversationId} and status = 'open' and sla_first_at is null and not sla_first_breached
              and sla_first_due <= now()
            returning user_id::text, assigned_agent_id::text as agent, customer_number as number,
              to_char(sla_first_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as start`
        : sql`update conversations set sla_resolve_breached = true
            where id = ${conversationId} and status = 'open' and not sla_resolve_breached and sla_resolve_due <= now()
            returning user_id::text, assigned_agent_id::text as agent, customer_number as number,
              to_char(sla_resolve_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as start`,
    );
    if (!row) return null;
    await tx.execute(sql`insert into conversation_events (conversation_id, kind, agent_id, actor)
      values (${conversationId}, ${clock === "first" ? "sla_first_breached" : "sla_resolution_breached"},
        ${row.agent}::uuid, 'sla')`);
    return row;
  });
  if (!marked) return null;
  const what = WHAT[clock];
  await notifyMany(ctx, [
    {
      userId: marked.user_id,
      note: {
        kind: "chat",
        // One per clock and episode: a second process, or a retry, finds the key taken.
        key: `sla:${clock}:${conversationId}:${marked.start}`,
        title: `${what.title} · ${marked.number}`,
        body: `${marked.number}: ${what.body}`,
        link: `chats?chat=${encodeURIComponent(conversationId)}`,
      },
    },
  ]);
  return {
    userId: marked.user_id,
    assignedAgentId: marked.agent,
    customerNumber: marked.number,
    start: marked.start,
  };
}
