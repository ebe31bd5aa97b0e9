// The dispatcher: recipients are the queue. Each round, for every running campaign at once, a worker claims a batch
// of queued recipients in one short transaction (FOR UPDATE SKIP LOCKED, so processes sharing one PostgreSQL never
// take the same row), charges their cost against the campaign's hold and marks them `sending` with a lease; it sends
// them OUTSIDE any transaction, paced per sender, with our recipient id as the idempotency key; then it writes every
// outcome of the batch in one statement. A worker that dies leaves `sending` rows whose lease ends: they are retried
// with the same id (carriers with idempotency keys) or marked `unknown` (contract/domain/campaigns.ts).
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Carrier, Channel, MessageContent } from "../../carriers/carrier";
import { hot, type Database, type Db } from "../../db/client";
import type { Storage } from "../../storage";
import type { ClaimLoop } from "../../db/claim-loop";
import { FAILOVER_TTL_MS } from "../../../contract/domain/campaigns";
import { AUTO_PAUSE_RULE, autoPauseIfFailing, mayBePastRule, RECHECK_MS, type AutoPauseRule, type WindowSeen } from "./auto-pause";
import { loadDispatchCampaignFor, profileOf, type DispatchCampaign } from "./dispatch-campaign";
import { SETTLEMENT_WINDOW_MS } from "../../../contract/domain/charging";
import { contentFor, costOf, paramsFor } from "./dispatch-content";
import { freeWindows } from "./service-window";
import { longestParts } from "./estimate";
import { claimFailovers, failoverPending, holdOnlyForFailovers, markFailovers, ruleOf, sendFailover, writeFailoverOutcomes, type FailoverOutcome } from "./dispatch-failover";
import { createPacer } from "./dispatch-pacer";
import { aborted, watchRoundStops } from "./dispatch-stops";
import { HeaderMediaUnavailable } from "./header-media";
import { hasPending, markSending, recoverStale, selectQueued, writeOutcomes, type ClaimedRow, type Outcome, type WrittenOutcome } from "./dispatch-sql";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { releaseHold, releaseIfFinal, settle } from "./money";
import type { ProgressPusher } from "./progress";
import { loadRates, type Rates } from "./rates";
import { transition } from "./status";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { webhooksWanted } from "../webhooks/subscribers";
import { FOR_ROW_LOCK } from "../../db/locks";

export const HOLD_USED_UP = "Balance hold used up";
/** Sends of one message refused for the sender's throughput before it goes back to the queue (sendPaced). */
const SLOW_DOWN_TRIES = 5;

export interface DispatchSettings {
  /** Most recipients one campaign claims per round. */
  batch: number;
  /** How long a claimed recipient is the worker's before it counts as abandoned. */
  leaseMs: number;
  /** Pause between rounds when there was nothing to send. */
  idleMs: number;
  /** Messages per second per sender, per channel (WhatsApp Cloud API: 80 per phone number by default). */
  perSecond: Record<Channel, number>;
  /** Sends in flight at once per campaign: after a pause, at most this many more reach the provider. */
  concurrency: number;
  /**
   * How stale a sending campaign's status may be (its one query for all of them at most this often). A pause or
   * discard reaches the dispatchers by signal at once; this read stops them should a signal be lost (LISTEN down).
   */
  statusMs: number;
  autoPause: AutoPauseRule;
  /** SMS failover's "undelivered": no delivered receipt this long after sent (an RCS message is revoked by then). */
  failoverTtlMs: number;
  /** Charges billed on delivery are given back when no delivery is confirmed this long after sending. */
  settleWindowMs: number;
  /** How often every unsettled campaign is swept (a failed receipt's campaign is settled at once). */
  settleEveryMs: number;
}

export const DISPATCH_DEFAULTS: DispatchSettings = {
  batch: 500,
  leaseMs: 60_000,
  idleMs: 500,
  perSecond: { whatsapp: 80, sms: 100, rcs: 100 },
  concurrency: 200,
  statusMs: 200,
  autoPause: AUTO_PAUSE_RULE,
  failoverTtlMs: FAILOVER_TTL_MS,
  settleWindowMs: SETTLEMENT_WINDOW_MS,
  settleEveryMs: 60_000,
};

export interface Dispatcher extends ClaimLoop {
  /** Failures were seen, so many per campaign (submit refusals, failed receipts): check the auto-pause rule. */
  noteFailures(failures: ReadonlyMap<string, number>): void;
}

interface Prepared {
  row: ClaimedRow;
  content: MessageContent;
  cost: number;
}

type Claim = { kind: "stopped" } | { kind: "empty" } | { kind: "paused" } | { kind: "claimed"; items: Prepared[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startDispatcher(
  database: Pick<Database, "db" | "listen">,
  carrier: Carrier,
  storage: Storage,
  progress: ProgressPusher,
  log: FastifyBaseLogger,
  settings: DispatchSettings = DISPATCH_DEFAULTS,
): Dispatcher {
  const { db } = database;
  const pacer = createPacer();
  // A pause (or discard) aborts the campaign's round at once, in this process or through NOTIFY from another.
  const stops = watchRoundStops(database.listen, (err) => log.error({ err }, "campaign stop signals: LISTEN failed"));
  const campaignsCache = new Map<string, DispatchCampaign>();
  let stopped = false;
  let running: Promise<number> | undefined;
  let lastRecovery = 0;
  /** New failures per campaign since its last auto-pause check, and what that check saw. */
  const failing = new Map<string, number>();
  const windows = new Map<string, WindowSeen>();
  // Statuses of the campaigns being sent, read for all of them in one query at most every statusMs: should a stop
  // signal be lost (LISTEN down), a pause or discard still stops launching sends within that time.
  const STATUS_MS = settings.statusMs;
  let statuses = new Map<string, string>();
  let statusesAt = 0;
  let statusRead: Promise<void> | undefined;
  const watched = new Set<string>();
  async function statusOf(id: string): Promise<string | undefined> {
    watched.add(id);
    // Twice at most: a read already under way when `id` joined the watched set does not name it (campaigns started
    // together each found their first batch "not running" that way, and gave it back unsent).
    for (let reads = 0; reads < 2 && (Date.now() - statusesAt > STATUS_MS || !statuses.has(id)); reads++) {
      statusRead ??= rowsOf<{ id: string; status: string }>(db, hot(sql`select id, status from campaigns where id = any(${pgArray([...watched])}::uuid[])`))
        .then((rows) => {
          statuses = new Map(rows.map((r) => [r.id, r.status]));
          statusesAt = Date.now();
        })
        .finally(() => {
          statusRead = undefined;
        });
      await statusRead;
    }
    return statuses.get(id);
  }

  async function campaignOf(id: string): Promise<DispatchCampaign | undefined> {
    const known = campaignsCache.get(id);
    if (known && (known.refreshAt === undefined || known.refreshAt > Date.now())) return known;
    const loaded = await loadDispatchCampaignFor(db, carrier, storage, id);
    if (loaded) campaignsCache.set(id, loaded);
    return loaded;
  }

  function noteFailures(failures: ReadonlyMap<string, number>): void {
    for (const [id, n] of failures) failing.set(id, (failing.get(id) ?? 0) + n);
  }
  // Campaigns with new failures that may have passed the auto-pause rule are checked together, at most every 500 ms.
  const healthTimer = setInterval(() => {
    const now = Date.now();
    for (const [id, window] of windows) if (now - window.at >= RECHECK_MS) windows.delete(id);
    const ids = [...failing].filter(([id, fresh]) => mayBePastRule(windows.get(id), fresh, settings.autoPause, now)).map(([id]) => id);
    if (ids.length === 0) return;
    // Until this check answers, these campaigns have no window to bound by (a failed check leaves none either).
    for (const id of ids) {
      failing.delete(id);
      windows.delete(id);
    }
    void autoPauseIfFailing(db, ids, settings.autoPause)
      .then(({ paused, seen }) => {
        for (const [id, window] of seen) windows.set(id, window);
        paused.forEach((id) => progress.touch(id, true));
      })
      .catch((err: unknown) => log.error({ err }, "auto-pause check failed"));
  }, 500);
  healthTimer.unref();

  /** Claims one batch: the campaign row is locked so the hold check and the charge see no other claim in between. */
  async function claim(c: DispatchCampaign, size: number, rates: Rates): Promise<Claim> {
    return db.transaction(async (txDb): Promise<Claim> => {
      const tx = txDb as unknown as Tx;
      const [row] = await rowsOf<{ status: string; held: number; spent: number }>(
        tx,
        hot(sql`select status, held_paise::float8 as held, spent_paise::float8 as spent from campaigns where id = ${c.id} ${FOR_ROW_LOCK}`),
      );
      // Read under the row lock, so fresher than any status read: a resumed campaign is not taken for still paused.
      if (row) statuses.set(c.id, row.status);
      if (!row || row.status !== "running") return { kind: "stopped" };
      const rows = await selectQueued(tx, c.id, size);
      if (rows.length === 0) {
        if (await hasPending(tx, c.id)) return { kind: "empty" };
        if (c.failover && (await failoverPending(tx, c.id, ruleOf(c.failover), settings.failoverTtlMs))) {
          // Only receipts can change its money now: it keeps what their failovers may cost and says until when.
          await holdOnlyForFailovers(tx, c, ruleOf(c.failover), settings.failoverTtlMs, rates.sms, longestParts(c.failover.body, c.failover.failover.params));
          return { kind: "empty" };
        }
        // Nothing queued or in flight: the campaign is done; what the hold did not spend goes back.
        const done = await transition(tx, c.id, "completed", { completedAt: new Date(), nextRunAt: null }, ["running"]);
        if (done) await releaseHold(tx, c.id, c.userId);
        return { kind: "paused" };
      }
      let room = row.held - row.spent;
      const items: Prepared[] = [];
      // A utility template to a customer who wrote within 24 hours is free (Meta), as is a conversational RCS bot's
      // message inside an open conversation (Google): only then is a window asked.
      const windows = await freeWindows(tx, c.template, c.userId, c.from, rows.map((r) => r.number));
      for (const r of rows) {
        const content = contentFor(c.template, paramsFor(c.variables, r.variables));
        const cost = costOf(c.template, content, rates, windows?.has(r.number) ?? false);
        if (cost > room) break;
        room -= cost;
        items.push({ row: r, content, cost });
      }
      if (items.length === 0) {
        await transition(tx, c.id, "paused", { statusReason: HOLD_USED_UP }, ["running"]);
        return { kind: "paused" };
      }
      const total = items.reduce((sum, i) => sum + i.cost, 0);
      await markSending(tx, items.map((i) => i.row.id), items.map((i) => i.cost), settings.leaseMs);
      if (!(await settle(tx, c.id, total))) throw new Error("settle refused a charge checked under lock");
      return { kind: "claimed", items };
    });
  }

  // An RCS campaign failing over on "undelivered" asks the provider to revoke an undelivered message when the
  // failover TTL passes, so the SMS that follows is never a second copy of a late RCS delivery.
  const rcsTtl = { ttlSeconds: Math.ceil(settings.failoverTtlMs / 1000) };
  const ttlOf = (c: DispatchCampaign) => (c.channel === "rcs" && c.failover?.failover.conditions.includes("undelivered") ? rcsTtl : undefined);

  const rateOf = (c: DispatchCampaign) => c.profile.perSecond ?? settings.perSecond[c.channel];

  /**
   * One send; a refusal that names its channel broken says so in `channelDown` (the campaign pauses with it), one for
   * the sender's throughput says `slowDown`.
   */
  async function sendOne(c: DispatchCampaign, key: string, item: Prepared, signal: AbortSignal): Promise<Outcome & { channelDown?: string; slowDown?: true }> {
    const id = item.row.id;
    try {
      const message = { id: String(id), channel: c.channel, from: c.from, to: item.row.number, content: item.content, signal, ...(c.replyTo ? { replyTo: c.replyTo } : {}), ...(ttlOf(c) ?? {}) };
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
        return { id, state: "queued", slowDown: true, ...(result.retryAfterMs ? { retryAfterMs: result.retryAfterMs } : {}) };
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
  async function sendPaced(c: DispatchCampaign, key: string, item: Prepared, signal: AbortSignal): Promise<Outcome & { channelDown?: string }> {
    for (let tries = 1; ; tries++) {
      const { slowDown, ...outcome } = await sendOne(c, key, item, signal);
      if (!slowDown || tries >= SLOW_DOWN_TRIES || stopped || signal.aborted || (await statusOf(c.id)) !== "running") return outcome;
      if (!(await pacer.acquire(key, rateOf(c), signal))) return outcome;
    }
  }

  /**
   * Sends a claimed batch, paced, at most `concurrency` at a time; stops launching the moment the campaign stops
   * (`signal`: pause, discard), its status read says so, or the server closes. On a stop, what never left (never
   * launched, or withdrawn by the adapter) goes back to the queue at once (answered as `givenBack`), before the sends
   * the provider has end: the campaign shows exactly those as in flight while it is pausing.
   */
  async function sendBatch(c: DispatchCampaign, items: Prepared[], signal: AbortSignal): Promise<{ outcomes: Outcome[]; givenBack: WrittenOutcome[]; channelDown?: string }> {
    const key = `${c.channel}:${c.from}`;
    const rate = rateOf(c);
    const outcomes: Outcome[] = [];
    let channelDown: string | undefined;
    const inflight = new Set<Promise<void>>();
    const stopping = aborted(signal);
    let next = 0;
    let checkedAt = Date.now();
    let go = (await statusOf(c.id)) === "running";
    for (; go && next < items.length && !stopped && !channelDown && !signal.aborted; next++) {
      if (Date.now() - checkedAt > STATUS_MS) {
        checkedAt = Date.now();
        go = (await statusOf(c.id)) === "running";
        if (!go) break;
      }
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
      givenBack.push(...(await writeBatch(c, items, back)));
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

  /** Marks, claims, sends (paced on the SMS sender) and writes one batch of SMS failovers; answers how many were sent. */
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
      await db.transaction(async (tx) => transition(tx as unknown as Tx, c.id, "paused", { statusReason: HOLD_USED_UP }, ["running"]));
      progress.touch(c.id, true);
      return 0;
    }
    const outcomes: FailoverOutcome[] = [];
    const inflight = new Set<Promise<void>>();
    const stopping = aborted(signal);
    for (const item of items) {
      if (stopped || !(await pacer.acquire(key, settings.perSecond.sms, signal))) {
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
    if (items.length > 0) progress.touch(c.id);
    return outcomes.filter((o) => o.state !== "queued").length;
  }

  /**
   * Writes a batch's outcomes; when the owner has endpoints for `message.status`, the sent and refused messages'
   * events are written in the same transaction (otherwise the statement runs alone, as it always did).
   */
  async function writeBatch(c: DispatchCampaign, items: readonly Prepared[], outcomes: readonly Outcome[]) {
    const charged = new Map(items.map((i) => [i.row.id, i.cost]));
    if (!webhooksWanted(c.userId, "message.status")) return writeOutcomes(db, c.id, outcomes, charged);
    const numbers = new Map(items.map((i) => [i.row.id, i.row.number]));
    const byId = new Map(outcomes.map((o) => [o.id, o]));
    return db.transaction(async (tx) => {
      const written = await writeOutcomes(tx as unknown as Db, c.id, outcomes, charged);
      const changes = written.flatMap((w) =>
        w.state === "sent" || w.state === "failed"
          ? [{ recipientId: String(w.id), userId: c.userId, campaignId: c.id, number: numbers.get(w.id) ?? "", status: w.state, code: byId.get(w.id)?.code, reason: byId.get(w.id)?.reason }]
          : [],
      );
      await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes, () => c.channel));
      return written;
    });
  }

  /** A campaign whose header media cannot be prepared is paused with the reason (a resume tries again). */
  async function sendableCampaign(id: string): Promise<DispatchCampaign | undefined> {
    try {
      return await campaignOf(id);
    } catch (err) {
      if (!(err instanceof HeaderMediaUnavailable)) throw err;
      const paused = await db.transaction(async (tx) => transition(tx as unknown as Tx, id, "paused", { statusReason: err.message }, ["running"]));
      if (paused) log.warn({ campaignId: id }, `campaign paused: ${err.message}`);
      progress.touch(id, true);
      return undefined;
    }
  }

  async function dispatchCampaign(id: string, rates: Rates): Promise<number> {
    const signal = stops.begin(id);
    try {
      return await dispatchRound(id, rates, signal);
    } finally {
      stops.end(id, signal);
    }
  }

  async function dispatchRound(id: string, rates: Rates, signal: AbortSignal): Promise<number> {
    const c = await sendableCampaign(id);
    if (!c) return -1;
    // The channel serving the sender may have changed (a new rate, a disconnection): asked each round, cached by the router.
    c.profile = await profileOf(carrier, c.channel, c.from);
    const failedOver = await failoverBatch(c, rates, signal);
    const size = Math.min(settings.batch, pacer.room(`${c.channel}:${c.from}`, rateOf(c), 1000));
    if (size === 0) return 0;
    const claimed = await claim(c, size, rates);
    if (claimed.kind === "paused") progress.touch(id, true);
    // Stopped, paused or completed: this loop ends (a resume starts a new one); nothing claimable now: it ends too,
    // and the next round starts it again if the campaign still runs (rows in flight elsewhere, recovered leases).
    if (claimed.kind !== "claimed") return failedOver > 0 ? failedOver : -1;
    const { outcomes, givenBack, channelDown } = await sendBatch(c, claimed.items, signal);
    const written = [...givenBack, ...(await writeBatch(c, claimed.items, outcomes))];
    if (channelDown) {
      // Nothing more can go out through this channel until its owner fixes it: pause with the reason, rather than
      // burn the audience on refusals. A resume after the fix sends the rest.
      const paused = await db.transaction(async (tx) => transition(tx as unknown as Tx, id, "paused", { statusReason: channelDown }, ["running"]));
      if (paused) log.warn({ campaignId: id }, `campaign paused: ${channelDown}`);
      progress.touch(id, true);
    }
    const failures = written.filter((o) => o.state === "failed").length;
    if (failures > 0) noteFailures(new Map([[id, failures]]));
    // Unsent and failed rows gave their charge back; if the campaign was discarded meanwhile, that goes home too.
    if (written.some((o) => o.state === "failed" || o.state === "queued")) await releaseIfFinal(db, id, c.userId);
    progress.touch(id);
    return written.filter((o) => o.state !== "queued").length;
  }

  // Each running campaign has a loop of its own (claim, send, write, again), so one campaign's slow batch or a
  // sender's rate limit never holds the others back; a round only recovers ended leases and starts missing loops.
  const loops = new Map<string, Promise<void>>();
  let sentSinceTick = 0;

  async function campaignLoop(id: string): Promise<void> {
    while (!stopped) {
      const rates = await loadRatesCached();
      const sent = await dispatchCampaign(id, rates);
      if (sent < 0) return;
      sentSinceTick += sent;
      if (sent === 0) await sleep(Math.min(settings.idleMs, 100));
    }
  }

  let rates: { at: number; value: Rates } | undefined;
  async function loadRatesCached(): Promise<Rates> {
    if (!rates || Date.now() - rates.at > 5000) rates = { at: Date.now(), value: await loadRates(db) };
    return rates.value;
  }

  async function round(): Promise<number> {
    const active = await rowsOf<{ id: string; status: string }>(db, sql`select id, status from campaigns where status in ('running', 'paused')`);
    if (Date.now() - lastRecovery > settings.leaseMs / 4) {
      lastRecovery = Date.now();
      // Recovered as their own sender's carrier allows: re-sent with the same id, or `unknown` (never re-sent).
      const byIdempotency = new Map<boolean, string[]>();
      for (const { id } of active) {
        const c = await campaignOf(id).catch(() => undefined);
        const idempotent = c?.profile.idempotentSends ?? carrier.idempotentSends;
        byIdempotency.set(idempotent, [...(byIdempotency.get(idempotent) ?? []), id]);
      }
      let recovered = 0;
      for (const [idempotent, ids] of byIdempotency) recovered += await recoverStale(db, ids, idempotent);
      if (recovered > 0) log.info({ recovered }, "recipients recovered from an ended lease");
    }
    for (const { id, status } of active) {
      if (status !== "running" || loops.has(id) || stopped) continue;
      const loop = campaignLoop(id)
        .catch((err: unknown) => log.error({ err, campaignId: id }, "dispatch failed"))
        .finally(() => loops.delete(id));
      loops.set(id, loop);
    }
    const sent = sentSinceTick;
    sentSinceTick = 0;
    return sent + loops.size;
  }

  const tick = (): Promise<number> => {
    if (running) return running;
    running = round()
      .catch((err: unknown) => {
        log.error({ err }, "dispatch round failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  // The idle wait ends early on stop: a shutdown does not sit out the rest of it.
  let endIdle: (() => void) | undefined;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.idleMs);
      endIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      await tick();
      if (!stopped) await idle();
    }
  })();

  return {
    tick,
    noteFailures,
    stop: async () => {
      stopped = true;
      endIdle?.();
      clearInterval(healthTimer);
      await running;
      await Promise.all([...loops.values()]);
      await loop;
      await stops.close();
    },
  };
}
