// The one way an event becomes webhook deliveries: a durable row per matching endpoint, written with the db (or
// transaction) of the state change it reports. Accounts without a subscribed endpoint are skipped in memory
// (subscribers.ts), so the hot paths pay nothing for webhooks nobody asked for.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WebhookEnvelope, WebhookEvent, WebhookPayloads } from "../../../contract/domain/webhooks";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { webhooksWanted } from "./subscribers";

export interface WebhookEventInput<E extends WebhookEvent = WebhookEvent> {
  ownerId: string;
  type: E;
  data: WebhookPayloads[E];
}

/** Told after rows were written (the delivery job of this process starts a round soon). */
const listeners = new Set<() => void>();
export function onWebhookEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The body of a delivery, as it will be signed and sent on every attempt. */
export function envelope<E extends WebhookEnvelope["type"]>(
  type: E,
  data: WebhookPayloads[E],
  id: string = randomUUID(),
): { id: string; body: string } {
  const body: WebhookEnvelope<E> = { id, type, createdAt: new Date().toISOString(), data };
  return { id, body: JSON.stringify(body) };
}

/**
 * Writes one delivery per active endpoint of each event's account subscribed to its type, in one statement; answers
 * how many. Pass the transaction of the state change when there is one: the deliveries then commit with it or not
 * at all.
 */
export async function enqueueWebhookEvents(db: Db | Tx, events: readonly WebhookEventInput[]): Promise<number> {
  const wanted = events.filter((e) => webhooksWanted(e.ownerId, e.type));
  if (wanted.length === 0) return 0;
  const bodies = wanted.map((e) => envelope(e.type, e.data));
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    with ins as (
      insert into webhook_deliveries (endpoint_id, user_id, event, event_id, body)
      select e.id, e.user_id, v.type, v.event_id, v.body
      from unnest(${pgArray(wanted.map((e) => e.ownerId))}::uuid[], ${pgArray(wanted.map((e) => e.type))}::text[],
                  ${pgArray(bodies.map((b) => b.id))}::uuid[], ${pgArray(bodies.map((b) => b.body))}::text[]) as v(owner_id, type, event_id, body)
      join webhook_endpoints e on e.user_id = v.owner_id and e.active and v.type = any(e.events)
      returning 1
    )
    select count(*)::int as n from ins`,
  );
  const n = row?.n ?? 0;
  if (n > 0) for (const listener of listeners) listener();
  return n;
}

/** One event: `enqueueWebhookEvent(db, ownerId, "message.status", { source: "api", messageId, ... })`. */
export function enqueueWebhookEvent<E extends WebhookEvent>(
  db: Db | Tx,
  ownerId: string,
  type: E,
  data: WebhookPayloads[E],
): Promise<number> {
  return enqueueWebhookEvents(db, [{ ownerId, type, data } as WebhookEventInput]);
}
