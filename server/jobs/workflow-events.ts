// Turns trigger events into runs: claims a batch of events, wakes runs waiting for those contacts' replies, matches
// each event to its account's active workflows, and starts the runs and deletes the events in one transaction, so an
// event starts its runs exactly once (a run's dedupe key also keeps a repeated event from starting it again).
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TriggerKind } from "../../contract/domain/workflow-nodes";
import type { Db } from "../db/client";
import { pgArray, rowsOf } from "../db/sql";
import type { AiBridge, IntentResult } from "../services/workflows/ai-bridge";
import { KINDS_OF, WORKFLOW_EVENTS_JOB } from "../services/workflows/events";
import { startRuns, type RunStart } from "../services/workflows/runs";
import { activeWorkflows, matchesTrigger, runStartFor } from "../services/workflows/triggers";
import type { ClaimJob } from "../db/claim-loop";

interface EventRow {
  id: number;
  owner_id: string;
  kind: TriggerKind;
  payload: Record<string, unknown>;
}

export interface WorkflowEventsOptions {
  db: Db;
  ai: AiBridge;
  log: FastifyBaseLogger;
  leaseMs: number;
  /** Called after runs started: their first steps are due now. */
  onStarted(): void;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

function dedupeKeyOf(e: EventRow): string {
  const p = e.payload;
  if (e.kind === "inbound") return `inbound:${str(p.messageId)}`;
  if (e.kind === "campaign_delivery") return `delivery:${str(p.recipientId)}:${str(p.state)}`;
  return `${e.kind}:${str(p.campaignId)}:${str(p.from)}:${str(p.receivedAt) || e.id}`;
}

/** A delivery event names the recipient only: its channel and sender come from the campaign. */
async function withCampaignContacts(db: Db, events: EventRow[]): Promise<void> {
  const ids = [...new Set(events.filter((e) => e.kind === "campaign_delivery").map((e) => str(e.payload.campaignId)))];
  if (!ids.length) return;
  const rows = await rowsOf<{ id: string; channel: string; address: string | null }>(
    db,
    sql`select id::text as id, channel, coalesce(sender, bot_id::text) as address from campaigns where id = any(${pgArray(ids)}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const e of events) {
    const c = byId.get(str(e.payload.campaignId));
    if (e.kind === "campaign_delivery" && c) e.payload = { ...e.payload, channel: c.channel, to: c.address };
  }
}

/** Runs waiting for a reply from these contacts take the message and are due now. */
async function wakeWaiting(db: Db, events: EventRow[]): Promise<void> {
  const inbound = events.filter((e) => e.kind === "inbound");
  if (!inbound.length) return;
  await db.execute(sql`
    update workflow_steps s set state = s.state || jsonb_build_object('reply', v.text, 'repliedAt', v.at), due_at = now()
    from unnest(${pgArray(inbound.map((e) => `${e.owner_id}|${str(e.payload.from)}`))}::text[], ${pgArray(inbound.map((e) => str(e.payload.text)))}::text[],
      ${pgArray(inbound.map((e) => str(e.payload.receivedAt)))}::text[]) as v(k, text, at)
    where s.wait_for = v.k and s.status = 'waiting' and s.node_type = 'flow.wait_reply'`);
}

export function workflowEventsJob(options: WorkflowEventsOptions): ClaimJob<EventRow[]> {
  const { db, ai, log } = options;
  return {
    name: WORKFLOW_EVENTS_JOB,
    claim: async (tx, now, limit) => {
      const rows = await rowsOf<EventRow>(
        tx,
        sql`update workflow_events e set due_at = ${new Date(now.getTime() + options.leaseMs)}, attempts = e.attempts + 1
            where e.id in (select id from workflow_events where due_at <= ${now} order by id limit ${limit} for update skip locked)
            returning e.id::float8 as id, e.owner_id::text as owner_id, e.kind, e.payload`,
      );
      return rows.length ? [rows.sort((a, b) => a.id - b.id)] : [];
    },
    process: async (events) => {
      await withCampaignContacts(db, events);
      await wakeWaiting(db, events);
      const workflows = await activeWorkflows(
        db,
        events.map((e) => ({ ownerId: e.owner_id, kinds: KINDS_OF[e.kind] ?? [e.kind] })),
      );
      const starts: RunStart[] = [];
      for (const event of events) {
        const kinds = KINDS_OF[event.kind] ?? [event.kind];
        const mine = workflows.filter((w) => w.owner_id === event.owner_id && kinds.includes(w.trigger_kind));
        let intent: IntentResult | undefined;
        if (ai.available && mine.some((w) => w.trigger_kind === "ai_intent")) {
          intent = await ai
            .classify(event.owner_id, str(event.payload.text))
            .catch((err: unknown) => (log.warn({ err }, "intent not classified"), undefined));
        }
        for (const wf of mine) {
          const payload = wf.trigger_kind === "ai_intent" && intent ? { ...event.payload, ...intent } : event.payload;
          const start = await runStartFor(db, wf, payload, dedupeKeyOf(event), (trigger) =>
            matchesTrigger(trigger, payload, intent),
          );
          if (start) starts.push({ ...start, triggerKind: wf.trigger_kind });
        }
      }
      await db.transaction(async (tx) => {
        await startRuns(tx as unknown as Db, starts);
        await tx.execute(
          sql`delete from workflow_events where id = any(${pgArray(events.map((e) => e.id))}::bigint[])`,
        );
      });
      if (starts.length) options.onStarted();
    },
  };
}
