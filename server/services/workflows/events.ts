// Trigger events: what may start workflow runs, written where it happens, in the same transaction (an inbound
// message, a campaign reply, a STOP or START, a campaign receipt), and turned into runs by the workflow-events job.
// An event is written only when its account has an active workflow with that trigger (or a run waiting for that
// contact's reply), so accounts without workflows pay one index probe per batch and nothing else.
import { sql } from "drizzle-orm";
import type { TriggerKind } from "../../../contract/domain/workflow-nodes";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";

/** The job that turns these events into runs (jobs/workflow-events.ts); writers tick it by this name. */
export const WORKFLOW_EVENTS_JOB = "workflow-events";

export interface TriggerEvent {
  ownerId: string;
  kind: TriggerKind;
  payload: Record<string, unknown>;
}

/** The trigger kinds an event of this kind may start: an inbound message may also be classified for an AI intent. */
export const KINDS_OF: Readonly<Record<string, readonly TriggerKind[]>> = {
  inbound: ["inbound", "ai_intent"],
  campaign_reply: ["campaign_reply"],
  campaign_delivery: ["campaign_delivery"],
  opt_out: ["opt_out"],
};

/**
 * Writes events with one statement, keeping only those some active workflow listens for (an inbound message is also
 * kept when a run waits for that contact's reply).
 */
export async function enqueueEvents(db: Db | Tx, events: readonly TriggerEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((e) => ({ o: e.ownerId, k: e.kind, p: e.payload, kinds: KINDS_OF[e.kind] ?? [e.kind] })),
  );
  await db.execute(sql`
    insert into workflow_events (owner_id, kind, payload)
    select (e->>'o')::uuid, e->>'k', e->'p' from jsonb_array_elements(${rows}::jsonb) as e
    where exists (
        select 1 from workflows w where w.owner_id = (e->>'o')::uuid and w.status = 'active'
          and w.trigger_kind in (select jsonb_array_elements_text(e->'kinds')))
      or (e->>'k' = 'inbound' and exists (
        select 1 from workflow_steps s where s.wait_for = (e->>'o') || '|' || (e->'p'->>'from') and s.status = 'waiting'))`);
}
