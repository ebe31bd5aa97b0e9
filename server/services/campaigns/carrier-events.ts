// What comes back from the carrier: receipts move recipients forward (sent → delivered → read; failed), never back
// (a late "delivered" after "read" changes nothing), and reconcile `unknown` ones; inbound messages are stored, matched
// to the latest recipient of that number whose sender they were addressed to (state → replied), and STOP / START
// replies add to or take from the account's suppression list. Events are buffered and written in batches: at
// thousands of messages a second a statement per receipt would be the bottleneck.
import type { FastifyBaseLogger } from "fastify";
import type { Carrier } from "../../carriers/carrier";
import { batchAnswers } from "../../carriers/batch-answers";
import type { Db } from "../../db/client";
import { retryingRaces } from "../../db/errors";
import { startFlushLoop } from "../../db/flush-loop";
import { applyFailoverReceipts, failoverRecipientOf } from "./failover-receipts";
import { applyInbound, type Inbound } from "./inbound-replies";
import { applyReceipts, merge, rank, type Receipt } from "./receipt-updates";

/** A receipt that matches no row yet (its send's outcome is still being written) is tried again for this long. */
const RETRY_UNMATCHED_MS = 120_000;

export interface CarrierEventsOptions {
  flushMs: number;
  log: FastifyBaseLogger;
  /** Campaigns whose recipients changed (progress pushes), and how many new failures each had (auto-pause). */
  onChanged(campaignIds: Set<string>, failed: ReadonlyMap<string, number>): void;
}

export interface CarrierEvents {
  /** Writes what is buffered now (tests call it; the timer does every flushMs). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startCarrierEvents(db: Db, carrier: Carrier, options: CarrierEventsOptions): CarrierEvents {
  let receipts = new Map<string, Receipt>();
  let inbound: Inbound[] = [];
  // A receipt's answer is refused if the flush that writes it fails (the provider delivers it again; receipts only move
  // forward, so twice is harmless); a reply's never is, since the inbox's listener answers for storing the message and
  // a redelivery would store it twice.
  const answers = batchAnswers();

  const unsubscribe = carrier.onEvent((event) => {
    if (event.type === "receipt") {
      // Our ids that are not a recipient's nor its failover SMS's (`<id>:sms`; a test send `test:…`) name no row.
      if (event.messageId && !/^\d+$/.test(event.messageId) && !failoverRecipientOf(event.messageId)) return;
      const key = event.messageId ?? `p:${event.providerMessageId}`;
      receipts.set(key, merge(receipts.get(key), event));
      return answers.owe(true);
    }
    if (event.type === "inbound") {
      inbound.push(event);
      return answers.owe(false);
    }
  });

  const flush = () => answers.settle(write);

  async function write(): Promise<number> {
    const batch = [...receipts.values()];
    const messages = inbound;
    receipts = new Map();
    inbound = [];
    const changed = new Set<string>();
    const failed = new Map<string, number>();
    const byId = batch.filter((r) => r.messageId && /^\d+$/.test(r.messageId));
    const idSet = new Set(byId);
    const byProvider = batch.filter((r) => !idSet.has(r));
    // A deadlock on PostgreSQL (another process's transaction took the same rows in another order) is tried again
    // here: refused, the sandbox's receipts would be lost, and a provider's would wait for its redelivery.
    const recipients = [
      ...(await retryingRaces(() => applyReceipts(db, byId, true))),
      ...(await retryingRaces(() => applyReceipts(db, byProvider, false))),
    ];
    // What no recipient's own message took may be a failover SMS's receipt (failover-receipts.ts).
    const taken = new Set(recipients.map((w) => w.key));
    const failovers = await retryingRaces(() =>
      applyFailoverReceipts(
        db,
        byProvider.filter((r) => !taken.has(r.providerMessageId)),
      ),
    );
    const written = [...recipients, ...failovers.map((f) => ({ ...f, state: "failover" }))];
    const matched = new Set(written.map((w) => w.key));
    for (const w of written) {
      if (!w.changed) continue;
      changed.add(w.campaign_id);
      if (w.state === "failed") failed.set(w.campaign_id, (failed.get(w.campaign_id) ?? 0) + 1);
    }
    // Unmatched receipts wait for their send's outcome to be written, for a while.
    const now = Date.now();
    for (const r of batch) {
      const key = r.messageId && idSet.has(r) ? r.messageId : r.providerMessageId;
      if (matched.has(key) || now - r.firstSeen > RETRY_UNMATCHED_MS) continue;
      const mapKey = r.messageId ?? `p:${r.providerMessageId}`;
      const newer = receipts.get(mapKey);
      receipts.set(
        mapKey,
        newer
          ? {
              ...r,
              ...newer,
              status: rank(newer.status) > rank(r.status) ? newer.status : r.status,
              firstSeen: r.firstSeen,
            }
          : r,
      );
    }
    if (messages.length > 0) {
      const campaigns = await applyInbound(db, messages).catch(async (err: unknown) => {
        // One bad message must not take the batch with it: store them one by one, dropping only what fails.
        if (messages.length > 1) options.log.warn({ err }, "inbound batch not stored; storing its messages one by one");
        else options.log.error({ err }, "inbound message not stored");
        if (messages.length === 1) return new Set<string>();
        const each = new Set<string>();
        for (const m of messages) {
          const ids = await applyInbound(db, [m]).catch(
            (e: unknown) => (options.log.error({ err: e }, "inbound message not stored"), new Set<string>()),
          );
          for (const id of ids) each.add(id);
        }
        return each;
      });
      for (const id of campaigns) changed.add(id);
    }
    if (changed.size > 0) options.onChanged(changed, failed);
    return written.length + messages.length;
  }

  return startFlushLoop(flush, {
    flushMs: options.flushMs,
    log: options.log,
    failed: "carrier events not written",
    beforeLastFlush: unsubscribe,
  });
}
