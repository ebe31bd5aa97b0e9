// The public API's dispatcher, built like the campaign dispatcher (campaigns/dispatch.ts): api_messages rows are the
// queue. Each round claims queued rows in one short transaction (FOR UPDATE SKIP LOCKED, so processes sharing one
// PostgreSQL never take the same row), pays for fallbacks that became due, marks them `sending` with a lease; sends
// them OUTSIDE any transaction, paced per sender, with `api:<id>:<step>` as the carrier's idempotency key; then writes
// every outcome of the round in one statement (refunds and state events in the same transaction). A worker that dies
// leaves `sending` rows whose lease ends: retried with the same id on a carrier with idempotency keys, else `unknown`.
import type { FastifyBaseLogger } from "fastify";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import type { PublicMessageHistoryEntry } from "../../db/schema";
import type { ClaimLoop } from "../../db/claim-loop";
import type { Tx } from "../../db/sql";
import { createPacer } from "../campaigns/dispatch-pacer";
import type { DispatchSettings } from "../campaigns/dispatch-settings";
import {
  chargeFallback,
  markSending,
  recoverStale,
  selectQueued,
  writeOutcomes,
  type ClaimedMessage,
  type OutcomeWrite,
} from "./dispatch-sql";
import type { PublicMessageEvents, PublicMessageStateChange } from "./state-events";

export const FALLBACK_UNPAID = "Insufficient balance for the fallback";

/** The carrier's id of one step of a message, and back. */
export const apiCarrierId = (id: string, step: number) => `api:${id}:${step}`;
export function parseApiCarrierId(id: string | undefined): { id: string; step: number } | null {
  const match = id ? /^api:([0-9a-f-]{36}):(\d+)$/.exec(id) : null;
  return match ? { id: match[1], step: Number(match[2]) } : null;
}

export interface PublicDispatcher extends ClaimLoop {
  /** New messages were committed: run a round now rather than at the next idle check. */
  wake(): void;
}

type Settings = Pick<DispatchSettings, "batch" | "leaseMs" | "idleMs" | "perSecond" | "concurrency">;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one claimed message's send came to, as the row it becomes. */
function outcomeOf(
  m: ClaimedMessage,
  result: { state: PublicMessageState; pmid?: string; code?: string; reason?: string; refund?: number },
): OutcomeWrite {
  const step = m.steps[m.step];
  const at = new Date().toISOString();
  const base = {
    id: m.id,
    step: m.step,
    nextStep: m.step,
    channel: step.channel,
    sender: step.from,
    pmid: result.pmid ?? null,
    code: result.code ?? null,
    reason: result.reason ?? null,
    refund: result.refund ?? 0,
    from: ["sending" as const],
  };
  if (result.state === "queued") return { ...base, state: "queued", append: [] };
  const entry: PublicMessageHistoryEntry = {
    status: result.state,
    channel: step.channel,
    at,
    ...(result.code ? { code: result.code, reason: result.reason ?? null } : {}),
  };
  const next = m.steps[m.step + 1];
  // Refused at submit with a fallback left: the next channel is queued (and paid for when it is claimed).
  if (result.state === "failed" && next) {
    return {
      ...base,
      state: "queued",
      nextStep: m.step + 1,
      channel: next.channel,
      sender: next.from,
      append: [entry, { status: "queued", channel: next.channel, at }],
    };
  }
  return { ...base, state: result.state, append: [entry] };
}

export function startPublicDispatcher(
  db: Db,
  carrier: Carrier,
  events: PublicMessageEvents,
  log: FastifyBaseLogger,
  settings: Settings,
): PublicDispatcher {
  const pacer = createPacer();
  const notify = (tx: Tx, changes: PublicMessageStateChange[]) => events.publicMessageStateChanged(tx, changes);
  let stopped = false;
  let running: Promise<number> | undefined;
  let lastRecovery = 0;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function claim(): Promise<ClaimedMessage[]> {
    return db.transaction(async (txDb) => {
      const tx = txDb as unknown as Tx;
      const rows = await selectQueued(tx, settings.batch, settings.perSecond);
      const ready: ClaimedMessage[] = [];
      const unpaid: OutcomeWrite[] = [];
      for (const m of rows) {
        if (m.charged_step >= m.step || (await chargeFallback(tx, m))) {
          ready.push(m);
          continue;
        }
        const step = m.steps[m.step];
        unpaid.push({
          id: m.id,
          step: m.step,
          nextStep: m.step,
          state: "failed",
          channel: step.channel,
          sender: step.from,
          pmid: null,
          code: "insufficient_balance",
          reason: `${FALLBACK_UNPAID} on ${step.channel}`,
          refund: 0,
          from: ["queued"],
          append: [
            {
              status: "failed",
              channel: step.channel,
              at: new Date().toISOString(),
              code: "insufficient_balance",
              reason: `${FALLBACK_UNPAID} on ${step.channel}`,
            },
          ],
        });
      }
      await writeOutcomes(tx, unpaid, notify);
      await markSending(
        tx,
        ready.map((m) => m.id),
        settings.leaseMs,
      );
      return ready;
    });
  }

  async function sendOne(m: ClaimedMessage): Promise<OutcomeWrite> {
    const step = m.steps[m.step];
    const key = `${step.channel}:${step.from}`;
    await pacer.acquire(key, settings.perSecond[step.channel]);
    try {
      const result = await carrier.send({
        id: apiCarrierId(m.id, m.step),
        channel: step.channel,
        from: step.from,
        to: m.to_number,
        content: step.content,
        ...(step.replyTo ? { replyTo: step.replyTo } : {}),
      });
      if (result.accepted) return outcomeOf(m, { state: "sent", pmid: result.providerMessageId });
      if (result.retryable) {
        pacer.backOff(key, settings.perSecond[step.channel]);
        return outcomeOf(m, { state: "queued" });
      }
      // Refused for good: this step's money goes back; a fallback (if any) is queued by outcomeOf.
      return outcomeOf(m, { state: "failed", code: result.code, reason: result.reason, refund: step.costPaise });
    } catch (err) {
      log.warn({ err, messageId: m.id }, "carrier send failed");
      // The request may have left: only a carrier that deduplicates by id may see it again.
      return outcomeOf(m, { state: carrier.idempotentSends ? "queued" : "unknown" });
    }
  }

  /** Sends a claimed batch, at most `concurrency` at once; each sender is paced on its own. */
  async function sendAll(items: ClaimedMessage[]): Promise<OutcomeWrite[]> {
    const outcomes: OutcomeWrite[] = [];
    const inflight = new Set<Promise<void>>();
    for (const m of items) {
      if (stopped) {
        outcomes.push(outcomeOf(m, { state: "queued" }));
        continue;
      }
      const job = sendOne(m).then((o) => {
        outcomes.push(o);
        inflight.delete(job);
      });
      inflight.add(job);
      if (inflight.size >= settings.concurrency) await Promise.race(inflight);
    }
    await Promise.all(inflight);
    return outcomes;
  }

  async function recover(): Promise<void> {
    if (Date.now() - lastRecovery < settings.leaseMs / 4) return;
    lastRecovery = Date.now();
    const recovered = await db.transaction((tx) => recoverStale(tx as unknown as Tx, carrier.idempotentSends, notify));
    if (recovered > 0) log.info({ recovered }, "public API messages recovered from an ended lease");
  }

  async function round(): Promise<number> {
    await recover();
    const items = await claim();
    if (items.length === 0) return 0;
    const outcomes = await sendAll(items);
    await db.transaction((tx) => writeOutcomes(tx as unknown as Tx, outcomes, notify));
    return outcomes.filter((o) => o.append.length > 0).length;
  }

  const tick = (): Promise<number> => {
    if (running) return running;
    running = round()
      .catch((err: unknown) => {
        log.error({ err }, "public API dispatch round failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(resolve, settings.idleMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeUp = undefined;
      woken = false;
    });

  const loop = (async () => {
    while (!stopped) {
      const sent = await tick();
      // A full round goes again at once; otherwise wait for new messages or the idle interval.
      if (!stopped && sent < settings.batch) await idle();
      else await sleep(0);
    }
  })();

  return {
    tick,
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await running;
      await loop;
    },
  };
}
