// The dispatcher's sends, outside any transaction: a claimed batch paced per sender and at most `concurrency` at a
// time, with our recipient id as the idempotency key; and a campaign's SMS failovers the same way.
import type { FastifyBaseLogger } from "fastify";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import type { DispatchCampaign } from "./dispatch-campaign";
import { writeBatch, type Prepared } from "./dispatch-batch";
import {
  claimFailovers,
  markFailovers,
  ruleOf,
  sendFailover,
  writeFailoverOutcomes,
  type FailoverOutcome,
} from "./dispatch-failover";
import type { Pacer } from "./dispatch-pacer";
import { HOLD_USED_UP, senderRate, type DispatchSettings } from "./dispatch-settings";
import type { Outcome, WrittenOutcome } from "./dispatch-sql";
import { aborted } from "./dispatch-stops";
import type { ProgressPusher } from "./progress";
import type { Rates } from "./rates";
import { transition } from "./status";
import { addThroughput } from "./throughput";

/** Sends of one message refused for the sender's throughput before it goes back to the queue (sendPaced). */
const SLOW_DOWN_TRIES = 5;

export interface SendContext {
  db: Db;
  carrier: Carrier;
  pacer: Pacer;
  progress: ProgressPusher;
  log: FastifyBaseLogger;
  settings: DispatchSettings;
  statusOf(id: string): Promise<string | undefined>;
  /** The campaign's throttle (messages a second) as the last status read saw it; null or undefined: none. */
  throttleOf(id: string): number | null | undefined;
  /** The server is closing. */
  stopped(): boolean;
}

export interface Sender {
  rateOf(c: DispatchCampaign): number;
  /** The campaign's own throttle when it is below its sender's rate: its pacing key and rate. */
  throttled(c: DispatchCampaign): { key: string; perSecond: number } | undefined;
  sendBatch(
    c: DispatchCampaign,
    items: Prepared[],
    signal: AbortSignal,
  ): Promise<{ outcomes: Outcome[]; givenBack: WrittenOutcome[]; channelDown?: string }>;
  failoverBatch(c: DispatchCampaign, rates: Rates, signal: AbortSignal): Promise<number>;
}

export function createSender({
  db,
  carrier,
  pacer,
  progress,
  log,
  settings,
  statusOf,
  throttleOf,
  stopped,
}: SendContext): Sender {
  const STATUS_MS = settings.statusMs;
  // An RCS campaign failing over on "undelivered" asks the provider to revoke an undelivered message when the
  // failover TTL passes, so the SMS that follows is never a second copy of a late RCS delivery.
  const rcsTtl = { ttlSeconds: Math.ceil(settings.failoverTtlMs / 1000) };
  const ttlOf = (c: DispatchCampaign) =>
    c.channel === "rcs" && c.failover?.failover.conditions.includes("undelivered") ? rcsTtl : undefined;

  const rateOf = (c: DispatchCampaign) => senderRate(c.profile, c.channel, settings);

  /**
   * The sender's throttle on this campaign (the live control room): a pacing window of the campaign's own beside its
   * sender's, so the effective rate is the lower of the two, and other campaigns of the sender keep the rest.
   */
  const throttled = (c: DispatchCampaign) => {
    const perSecond = throttleOf(c.id);
    return perSecond != null && perSecond < rateOf(c) ? { key: `campaign:${c.id}`, perSecond } : undefined;
  };

  /**
   * One send; a refusal that names its channel broken says so in `channelDown` (the campaign pauses with it), one for
   * the sender's throughput says `slowDown`.
   */
  async function sendOne(
    c: DispatchCampaign,
    key: string,
    item: Prepared,
    signal: AbortSignal,
  ): Promise<Outcome & { channelDown?: string; slowDown?: true }> {
    const id = item.row.id;
    try {
      const message = {
        id: String(id),
        channel: c.channel,
        from: c.from,
        to: item.row.number,
        content: item.content,
        signal,
        ...(c.replyTo ? { replyTo: c.replyTo } : {}),
        ...(ttlOf(c) ?? {}),
      };
      const result = await carrier.send(message);
      if (result.accepted) return { id, state: "sent", providerMessageId: result.providerMessageId };
      // Stopped meanwhile (withdrawn from the adapter's queue, or refused for a reason a pause makes moot): back to the
      // queue as it was, to be sent after a resume.
      if (result.retryable && signal.aborted) return { id, state: "queued" };
      if (result.retryable) {
        // The pair limit (131056) holds back this recipient only; a broken channel stops the campaign; a throughput
        // refusal (130429) slows the whole sender down.
        if (result.retry === "recipient") return { id, state: "queued", retryAfterMs: result.retryAfterMs ?? 10_000 };
        if (result.retry === "channel") return { id, state: "queued", channelDown: result.reason };
        pacer.backOff(key, rateOf(c));
        return {
          id,
          state: "queued",
          slowDown: true,
          ...(result.retryAfterMs ? { retryAfterMs: result.retryAfterMs } : {}),
        };
      }
      return { id, state: "failed", code: result.code, reason: result.reason };
    } catch (err) {
      log.warn({ err, recipientId: id }, "carrier send failed");
      // The request may have left: only a carrier that deduplicates by id may see it again.
      return { id, state: c.profile.idempotentSends ? "queued" : "unknown" };
    }
  }

  /**
   * One send, tried again here after the sender's back-off when the provider refuses it for throughput (a burst
   * past its per-second limit, as when several processes send for one number). The row stays claimed and charged
   * meanwhile: giving it back as queued and claiming it again cost two row writes and a charge and refund each.
   * After SLOW_DOWN_TRIES, or once the campaign stops running, it goes back to the queue after all.
   */
  async function sendPaced(
    c: DispatchCampaign,
    key: string,
    item: Prepared,
    signal: AbortSignal,
  ): Promise<Outcome & { channelDown?: string }> {
    for (let tries = 1; ; tries++) {
      const { slowDown, ...outcome } = await sendOne(c, key, item, signal);
      if (!slowDown || tries >= SLOW_DOWN_TRIES || stopped() || signal.aborted || (await statusOf(c.id)) !== "running")
        return outcome;
      if (!(await pacer.acquire(key, rateOf(c), signal))) return outcome;
    }
  }

  /**
   * Sends a claimed batch, paced, at most `concurrency` at a time; stops launching the moment the campaign stops
   * (`signal`: pause, discard), its status read says so, or the server closes. On a stop, what never left (never
   * launched, or withdrawn by the adapter) goes back to the queue at once (answered as `givenBack`), before the sends
   * the provider has end: the campaign shows exactly those as in flight while it is pausing.
   */
  async function sendBatch(
    c: DispatchCampaign,
    items: Prepared[],
    signal: AbortSignal,
  ): Promise<{ outcomes: Outcome[]; givenBack: WrittenOutcome[]; channelDown?: string }> {
    const key = `${c.channel}:${c.from}`;
    const rate = rateOf(c);
    const outcomes: Outcome[] = [];
    let channelDown: string | undefined;
    const inflight = new Set<Promise<void>>();
    const stopping = aborted(signal);
    let next = 0;
    let checkedAt = Date.now();
    let go = (await statusOf(c.id)) === "running";
    for (; go && next < items.length && !stopped() && !channelDown && !signal.aborted; next++) {
      if (Date.now() - checkedAt > STATUS_MS) {
        checkedAt = Date.now();
        go = (await statusOf(c.id)) === "running";
        if (!go) break;
      }
      // The throttle as last read (with the status, every STATUS_MS): a change applies from the next send on.
      const throttle = throttled(c);
      if (throttle && !(await pacer.acquire(throttle.key, throttle.perSecond, signal))) break;
      // Checked again after the wait: a stop made while it ended must not launch one more.
      if (!(await pacer.acquire(key, rate, signal)) || signal.aborted) break;
      const job = sendPaced(c, key, items[next], signal).then(({ channelDown: down, ...o }) => {
        outcomes.push(o);
        channelDown ??= down;
        inflight.delete(job);
      });
      inflight.add(job);
      if (inflight.size >= settings.concurrency) await Promise.race([...inflight, stopping]);
    }
    const unsent: Outcome[] = items.slice(next).map((item) => ({ id: item.row.id, state: "queued" }));
    const givenBack: WrittenOutcome[] = [];
    const giveBack = async (back: Outcome[]) => {
      if (back.length === 0) return;
      givenBack.push(...(await writeBatch(db, c, items, back)));
      progress.touch(c.id, true);
    };
    // Stopped by the status read, a broken channel or the server closing: the never-launched go back now.
    if (inflight.size > 0) await giveBack(unsent.splice(0));
    await Promise.race([Promise.all(inflight), stopping]);
    if (signal.aborted && inflight.size > 0) {
      // The adapters' withdrawals answer on the abort itself: by the next turn they are among the outcomes.
      await new Promise((resolve) => setImmediate(resolve));
      const withdrawn = outcomes.filter((o) => o.state === "queued");
      outcomes.splice(0, outcomes.length, ...outcomes.filter((o) => o.state !== "queued"));
      await giveBack([...unsent.splice(0), ...withdrawn]);
    }
    await Promise.all(inflight);
    outcomes.push(...unsent);
    return { outcomes, givenBack, ...(channelDown ? { channelDown } : {}) };
  }

  /**
   * Marks, claims, sends (paced on the SMS sender) and writes one batch of SMS failovers; answers how many were sent.
   */
  async function failoverBatch(c: DispatchCampaign, rates: Rates, signal: AbortSignal): Promise<number> {
    const plan = c.failover;
    if (!plan) return 0;
    await markFailovers(db, c.id, ruleOf(plan), settings.failoverTtlMs);
    const key = `sms:${plan.from}`;
    const size = Math.min(settings.batch, pacer.room(key, settings.perSecond.sms, 1000));
    if (size === 0) return 0;
    const idempotent = c.failoverProfile?.idempotentSends ?? carrier.idempotentSends;
    const { items, held } = await claimFailovers(db, c, plan, size, rates, settings.leaseMs, idempotent);
    if (!held && items.length === 0) {
      await db.transaction(async (tx) =>
        transition(tx as unknown as Tx, c.id, "paused", { statusReason: HOLD_USED_UP }, ["running"]),
      );
      progress.touch(c.id, true);
      return 0;
    }
    const outcomes: FailoverOutcome[] = [];
    const inflight = new Set<Promise<void>>();
    const stopping = aborted(signal);
    for (const item of items) {
      if (stopped() || !(await pacer.acquire(key, settings.perSecond.sms, signal))) {
        outcomes.push({ id: item.id, state: "queued", refund: item.resend ? 0 : item.cost });
        continue;
      }
      const job = sendFailover(carrier, plan, item, idempotent).then((o) => {
        outcomes.push(o);
        inflight.delete(job);
      });
      inflight.add(job);
      if (inflight.size >= settings.concurrency) await Promise.race([...inflight, stopping]);
    }
    await Promise.all(inflight);
    await writeFailoverOutcomes(db, c.id, outcomes);
    await addThroughput(db, c.id, {
      sent: 0,
      failed: 0,
      failoverSent: outcomes.filter((o) => o.state === "sent").length,
      failoverFailed: outcomes.filter((o) => o.state === "failed").length,
    });
    if (items.length > 0) progress.touch(c.id);
    return outcomes.filter((o) => o.state !== "queued").length;
  }

  return { rateOf, throttled, sendBatch, failoverBatch };
}
