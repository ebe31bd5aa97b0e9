// SLA clocks per conversation (issue 40 item 5). An episode starts with the customer's message that finds none
// running (a new conversation, or one resolved since): both clocks start at that message's time, due after the
// account's targets in working time. The first agent reply stops the first-response clock (met, or breached when late);
// resolving stops the resolution clock the same way and ends the episode, so the next message starts a new one (its
// flags replace the last episode's). Reopening by hand restarts the resolution clock from the reopen, not the
// first-response one: nobody is waiting for a first answer then. The breach job (jobs/sla-breaches.ts) marks clocks
// whose due passed while running. Due instants are stored; only a page's rows compute time left, never SQL.
import { sql } from "drizzle-orm";
import { workingMinutes } from "../../../contract/domain/business-hours";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import type { Received } from "./inbound";
import type { ConversationRow } from "./records";
import { dueOf, hoursOf, slaSettingsOf, type SlaSettings } from "./sla-settings";

type Clocks = Pick<
  ConversationRow,
  | "status"
  | "slaFirstDue"
  | "slaFirstAt"
  | "slaFirstBreached"
  | "slaResolveStart"
  | "slaResolveDue"
  | "slaResolveBreached"
>;

/** What a row shows of its clocks: the next due of a running clock, working minutes to it, and any breach. */
export interface SlaView {
  slaDueAt: string | null;
  slaLeftMinutes: number | null;
  slaBreached: boolean;
}

const date = (d: Date | string | null) => (d === null ? null : new Date(d));

/** The running clock due first: first response until answered, then resolution while open. */
export function nextDue(c: Clocks): Date | null {
  if (c.status !== "open" || c.slaResolveStart === null) return null;
  const first = c.slaFirstAt === null && !c.slaFirstBreached ? date(c.slaFirstDue) : null;
  const resolve = c.slaResolveBreached ? null : date(c.slaResolveDue);
  if (first && resolve) return first < resolve ? first : resolve;
  return first ?? resolve;
}

export function slaView(c: Clocks, settings: SlaSettings | undefined, now: Date): SlaView {
  const due = nextDue(c);
  const breached = c.slaFirstBreached || c.slaResolveBreached || (due !== null && due <= now);
  return {
    slaDueAt: due?.toISOString() ?? null,
    slaLeftMinutes: due && settings && due > now ? workingMinutes(now, due, hoursOf(settings)) : due ? 0 : null,
    slaBreached: breached,
  };
}

/**
 * After a round of inbound messages: conversations with no episode running start one at their message's time, in
 * accounts with a target. One indexed read of the settings per round; accounts without targets cost nothing more.
 * Answers the ids that started, whose records changed.
 */
export async function startSlaClocks(db: Db, received: readonly Received[]): Promise<string[]> {
  const settings = await slaSettingsOf(
    db,
    received.map((r) => r.conversation.userId),
  );
  if (settings.size === 0) return [];
  const starts = new Map<string, { owner: string; at: Date }>();
  for (const { conversation: c, message: m } of received) {
    if (!settings.has(c.userId) || c.status !== "open" || c.slaResolveStart !== null) continue;
    const at = new Date(m.createdAt);
    const seen = starts.get(c.id);
    if (!seen || at < seen.at) starts.set(c.id, { owner: c.userId, at });
  }
  if (starts.size === 0) return [];
  const list = [...starts.entries()];
  const column = (pick: (s: { owner: string; at: Date }) => Date | null) =>
    pgArray(list.map(([, s]) => pick(s)?.toISOString() ?? null));
  const of = (s: { owner: string }) => settings.get(s.owner) as SlaSettings;
  const started = await rowsOf<{ id: string }>(
    db,
    sql`update conversations c set sla_first_start = u.at, sla_first_due = u.first_due, sla_first_at = null,
        sla_first_agent_id = null, sla_first_breached = false, sla_resolve_start = u.at,
        sla_resolve_due = u.resolve_due, sla_resolve_breached = false
      from unnest(${pgArray(list.map(([id]) => id))}::uuid[], ${column((s) => s.at)}::timestamptz[],
        ${column((s) => dueOf(s.at, of(s).firstResponseMinutes, of(s)))}::timestamptz[],
        ${column((s) => dueOf(s.at, of(s).resolutionMinutes, of(s)))}::timestamptz[]) as u(id, at, first_due, resolve_due)
      where c.id = u.id and c.status = 'open' and c.sla_resolve_start is null
      returning c.id::text as id`,
  );
  return started.map((r) => r.id);
}

/**
 * The columns an agent's reply sets on its conversation (send.ts, in the reply's transaction): the first of the
 * episode stops the first-response clock, breached when after the due instant. Later replies change nothing.
 */
export function firstReplySet(now: Date, agentId: string | null) {
  const running = sql`sla_resolve_start is not null and sla_first_at is null`;
  return {
    slaFirstAt: sql`case when ${running} then ${now.toISOString()}::timestamptz else sla_first_at end`,
    slaFirstAgentId: sql`case when ${running} then ${agentId}::uuid else sla_first_agent_id end`,
    slaFirstBreached: sql`sla_first_breached or (${running} and sla_first_due < ${now.toISOString()}::timestamptz)`,
  };
}

/** Resolving ends the episode: the resolution clock is met, or breached when late. */
export function resolveSet(row: Clocks, now: Date) {
  const due = date(row.slaResolveDue);
  return {
    slaResolveBreached: row.slaResolveBreached || (row.slaResolveStart !== null && due !== null && due < now),
    slaResolveStart: null,
  };
}

/** Reopening by hand starts a new resolution clock from now (the first-response one is not restarted). */
export async function reopenSet(db: Db, ownerId: string, now: Date) {
  const [settings] = [...(await slaSettingsOf(db, [ownerId])).values()];
  if (!settings) return {};
  return {
    slaResolveStart: now,
    slaResolveDue: dueOf(now, settings.resolutionMinutes, settings),
    slaResolveBreached: false,
  };
}
