// The dispatcher: recipients are the queue. Each round, for every running campaign at once, a worker claims a batch
// of queued recipients in one short transaction (FOR UPDATE SKIP LOCKED, so processes sharing one PostgreSQL never
// take the same row), charges their cost against the campaign's hold and marks them `sending` with a lease; it sends
// them OUTSIDE any transaction, paced per sender, with our recipient id as the idempotency key; then it writes every
// outcome of the batch in one statement. A worker that dies leaves `sending` rows whose lease ends: they are retried
// with the same id (carriers with idempotency keys) or marked `unknown` (contract/domain/campaigns.ts).
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Carrier } from "../../carriers/carrier";
import type { Database } from "../../db/client";
import type { Storage } from "../../storage";
import type { ClaimLoop } from "../../db/claim-loop";
import { loadDispatchCampaignFor, profileOf, type DispatchCampaign } from "./dispatch-campaign";
import { claim, writeBatch } from "./dispatch-batch";
import { watchHealth } from "./dispatch-health";
import { createPacer } from "./dispatch-pacer";
import { createSender } from "./dispatch-send";
import { DISPATCH_DEFAULTS, type DispatchSettings } from "./dispatch-settings";
import { recoverStale } from "./dispatch-sql";
import { createStatusReader } from "./dispatch-status";
import { watchRoundStops } from "./dispatch-stops";
import { HeaderMediaUnavailable } from "./header-media";
import { rowsOf, type Tx } from "../../db/sql";
import { releaseIfFinal } from "./money";
import type { ProgressPusher } from "./progress";
import { campaignRates } from "../rates/cards";
import type { Rates } from "./rates";
import { transition } from "./status";
import { addThroughput } from "./throughput";
import { costPast, createAlertWatch, type AlertDeps } from "./alerts";

export interface Dispatcher extends ClaimLoop {
  /** Failures were seen, so many per campaign (submit refusals, failed receipts): check the auto-pause rule. */
  noteFailures(failures: ReadonlyMap<string, number>): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startDispatcher(
  database: Pick<Database, "db" | "listen">,
  carrier: Carrier,
  storage: Storage,
  progress: ProgressPusher,
  log: FastifyBaseLogger,
  settings: DispatchSettings = DISPATCH_DEFAULTS,
  /** The key of short links' codes (links/code.ts): tracked campaigns send their URL values as short links. */
  linkKey?: Buffer,
  /** Where the live control room's alerts go (the bell's sockets, mail); without them none fire. */
  alertDeps?: Omit<AlertDeps, "db" | "log">,
): Dispatcher {
  const { db } = database;
  const pacer = createPacer();
  // A pause (or discard) aborts the campaign's round at once, in this process or through NOTIFY from another.
  const stops = watchRoundStops(database.listen, (err) => log.error({ err }, "campaign stop signals: LISTEN failed"));
  const campaignsCache = new Map<string, DispatchCampaign>();
  let stopped = false;
  let running: Promise<number> | undefined;
  let lastRecovery = 0;
  const statusReader = createStatusReader(db, settings.statusMs);
  const alerts = createAlertWatch(alertDeps && { ...alertDeps, db, log }, (id) => progress.touch(id, true));
  const health = watchHealth(db, settings.autoPause, progress, log, {
    watch: alerts,
    settingsOf: async (id) => {
      await statusReader.statusOf(id);
      return statusReader.settingsOf(id)?.alerts;
    },
  });
  const sender = createSender({
    db,
    carrier,
    pacer,
    progress,
    log,
    settings,
    statusOf: statusReader.statusOf,
    throttleOf: (id) => statusReader.settingsOf(id)?.throttle,
    stopped: () => stopped,
  });

  async function campaignOf(id: string): Promise<DispatchCampaign | undefined> {
    const known = campaignsCache.get(id);
    if (known && (known.refreshAt === undefined || known.refreshAt > Date.now())) return known;
    const loaded = await loadDispatchCampaignFor(db, carrier, storage, id, linkKey);
    if (loaded) campaignsCache.set(id, loaded);
    return loaded;
  }

  /** A campaign whose header media cannot be prepared is paused with the reason (a resume tries again). */
  async function sendableCampaign(id: string): Promise<DispatchCampaign | undefined> {
    try {
      return await campaignOf(id);
    } catch (err) {
      if (!(err instanceof HeaderMediaUnavailable)) throw err;
      const paused = await db.transaction(async (tx) =>
        transition(tx as unknown as Tx, id, "paused", { statusReason: err.message }, ["running"]),
      );
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
    // The channel serving the sender may have changed (a new rate, a disconnection): asked each round, cached by the
    // router.
    c.profile = await profileOf(carrier, c.channel, c.from);
    const failedOver = await sender.failoverBatch(c, rates, signal);
    // The status read also brings the throttle the sender may have moved (at most statusMs old).
    await statusReader.statusOf(id);
    const throttle = sender.throttled(c);
    const size = Math.min(
      settings.batch,
      pacer.room(`${c.channel}:${c.from}`, sender.rateOf(c), 1000),
      throttle ? pacer.room(throttle.key, throttle.perSecond, 1000) : Infinity,
    );
    if (size === 0) return 0;
    const claimed = await claim(db, c, size, rates, settings, (status) => statusReader.set(id, status));
    if (claimed.kind === "paused") progress.touch(id, true);
    // Stopped, paused or completed: this loop ends (a resume starts a new one); nothing claimable now: it ends too,
    // and the next round starts it again if the campaign still runs (rows in flight elsewhere, recovered leases).
    if (claimed.kind !== "claimed") return failedOver > 0 ? failedOver : -1;
    // The cost alert, on the spend this claim brought it to (read under the campaign's row lock).
    const alertSettings = statusReader.settingsOf(id)?.alerts;
    if (alertSettings && costPast(alertSettings, claimed.spentPaise))
      alerts.check(id, "cost", alertSettings, claimed.spentPaise);
    const { outcomes, givenBack, channelDown } = await sender.sendBatch(c, claimed.items, signal);
    const written = [...givenBack, ...(await writeBatch(db, c, claimed.items, outcomes))];
    if (channelDown) {
      // Nothing more can go out through this channel until its owner fixes it: pause with the reason, rather than
      // burn the audience on refusals. A resume after the fix sends the rest.
      const paused = await db.transaction(async (tx) =>
        transition(tx as unknown as Tx, id, "paused", { statusReason: channelDown }, ["running"]),
      );
      if (paused) log.warn({ campaignId: id }, `campaign paused: ${channelDown}`);
      progress.touch(id, true);
    }
    const failures = written.filter((o) => o.state === "failed").length;
    // The live view's throughput: this round's outcomes added to their bucket, one upsert.
    await addThroughput(db, id, { sent: written.filter((o) => o.state === "sent").length, failed: failures });
    if (failures > 0) health.noteFailures(new Map([[id, failures]]));
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
      const rates = await ratesOf(id);
      if (!rates) return;
      const sent = await dispatchCampaign(id, rates);
      if (sent < 0) return;
      sentSinceTick += sent;
      if (sent === 0) await sleep(Math.min(settings.idleMs, 100));
    }
  }

  // Each campaign sends at the card it was held with (campaigns.rates), read again now and then for a campaign held
  // before cards were kept, whose owner's current card applies.
  const rates = new Map<string, { at: number; value: Rates }>();
  async function ratesOf(id: string): Promise<Rates | undefined> {
    const known = rates.get(id);
    if (known && Date.now() - known.at <= 5000) return known.value;
    const value = await campaignRates(db, id);
    if (value) rates.set(id, { at: Date.now(), value });
    else rates.delete(id);
    return value;
  }

  async function round(): Promise<number> {
    const active = await rowsOf<{ id: string; status: string }>(
      db,
      sql`select id, status from campaigns where status in ('running', 'paused')`,
    );
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
        .finally(() => {
          loops.delete(id);
          rates.delete(id);
        });
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
    noteFailures: health.noteFailures,
    stop: async () => {
      stopped = true;
      endIdle?.();
      health.stop();
      await running;
      await Promise.all([...loops.values()]);
      await loop;
      await stops.close();
    },
  };
}
