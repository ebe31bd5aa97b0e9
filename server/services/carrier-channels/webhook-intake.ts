// Webhook events in, once: each event's key (the provider's own: a message id, a message id and status…) is recorded
// in carrier_webhook_events, and only events whose key is new go to the carrier's listeners. Deliveries that arrive
// together share one INSERT (a campaign at 80 messages/s brings some 240 status webhooks a second, and PGlite runs one
// statement at a time), and are published in their arrival order; a delivery is answered once its events are stored
// by the listeners, so a provider that gets its 200 has had its events taken in. When a listener could not store one,
// the delivery's new keys are given back and it is refused (500): the provider delivers it again, and it is new again.
import { sql } from "drizzle-orm";
import type { CarrierEvent } from "../../carriers/carrier";
import type { KeyedEvent } from "../../carriers/router/channel-adapter";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

interface Pending {
  channelId: string;
  events: readonly KeyedEvent[];
  done(fresh: number): void;
  fail(error: unknown): void;
}

export interface WebhookIntake {
  /** Records the events' keys and publishes the first deliveries; answers how many were new. */
  take(channelId: string, events: readonly KeyedEvent[]): Promise<number>;
  /** Waits for what is being written. */
  drain(): Promise<void>;
}

export function createWebhookIntake(
  db: Db,
  publish: (events: readonly CarrierEvent[]) => Promise<void>,
): WebhookIntake {
  let queue: Pending[] = [];
  let running: Promise<void> | undefined;
  // Deliveries whose events the listeners are storing: the next batch does not wait for them, drain() does.
  const storing = new Set<Promise<void>>();

  /** Publishes one delivery's new events and answers it once they are stored, or gives its keys back and refuses it. */
  function answer(p: Pending, first: readonly KeyedEvent[]): void {
    const settled = publish(first.map((e) => e.event)).then(
      () => p.done(first.length),
      async (error: unknown) => {
        await db
          .execute(
            sql`delete from carrier_webhook_events where channel_id = ${p.channelId} and event_key = any(${pgArray(first.map((e) => e.key))}::text[])`,
          )
          .catch(() => undefined);
        p.fail(error);
      },
    );
    storing.add(settled);
    void settled.finally(() => storing.delete(settled));
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const pairs = batch.flatMap((p) => p.events.map((e) => [p.channelId, e.key] as const));
        const fresh = await rowsOf<{ channel_id: string; event_key: string }>(
          db,
          sql`insert into carrier_webhook_events (channel_id, event_key)
              select * from unnest(${pgArray(pairs.map((p) => p[0]))}::uuid[], ${pgArray(pairs.map((p) => p[1]))}::text[])
              on conflict do nothing returning channel_id, event_key`,
        );
        const unclaimed = new Set(fresh.map((r) => `${r.channel_id}\u0000${r.event_key}`));
        for (const p of batch) {
          // The same key twice (in one payload, or in two deliveries of this batch) counts once: the first claims it.
          const first = p.events.filter((e) => unclaimed.delete(`${p.channelId}\u0000${e.key}`));
          if (first.length === 0) p.done(0);
          else answer(p, first);
        }
      } catch (error) {
        batch.forEach((p) => p.fail(error));
      }
    }
  }

  function schedule(): void {
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      running = undefined;
      // A delivery queued between the last round and this line would otherwise wait for the next one.
      if (queue.length > 0) schedule();
    });
  }

  return {
    take: (channelId, events) => {
      if (events.length === 0) return Promise.resolve(0);
      const taken = new Promise<number>((done, fail) => queue.push({ channelId, events, done, fail }));
      schedule();
      return taken;
    },
    drain: async () => {
      while (running || storing.size > 0) {
        if (running) await running;
        await Promise.allSettled([...storing]);
      }
    },
  };
}
