// Sending campaigns and taking in what comes back: the dispatcher's loop, the carrier-events consumer and the
// progress pushes, wired to the app's database, carrier and sockets. Settings come from DISPATCH_* variables
// (defaults in DISPATCH_DEFAULTS), and tests pass their own through buildApp({ dispatch }).
import type { FastifyInstance } from "fastify";
import { PROGRESS_EVENT } from "../../contract/domain/campaigns";
import type { Channel } from "../carriers/carrier";
import { userRoom } from "../realtime";
import { startCarrierEvents } from "../services/campaigns/carrier-events";
import { startDispatcher } from "../services/campaigns/dispatch";
import { DISPATCH_DEFAULTS, type DispatchSettings } from "../services/campaigns/dispatch-settings";
import { createProgressPusher } from "../services/campaigns/progress";
import type { ClaimLoop } from "../db/claim-loop";
import { startSettlement } from "./campaign-settlement";
import { linkKeyOf } from "../services/links/code";

export type DispatchOverrides = Partial<Omit<DispatchSettings, "perSecond">> & {
  perSecond?: Partial<Record<Channel, number>>;
  eventsFlushMs?: number;
};

function int(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/**
 * DISPATCH_BATCH, DISPATCH_LEASE_MS, DISPATCH_IDLE_MS, DISPATCH_CONCURRENCY, DISPATCH_STATUS_MS,
 * DISPATCH_FAILOVER_TTL_MS, DISPATCH_SETTLE_WINDOW_MS, DISPATCH_{WHATSAPP,SMS,RCS}_MPS.
 */
export function dispatchOverridesFromEnv(env: NodeJS.ProcessEnv = process.env): DispatchOverrides {
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    ...defined({
      batch: int(env, "DISPATCH_BATCH"),
      leaseMs: int(env, "DISPATCH_LEASE_MS"),
      idleMs: int(env, "DISPATCH_IDLE_MS"),
      concurrency: int(env, "DISPATCH_CONCURRENCY"),
      statusMs: int(env, "DISPATCH_STATUS_MS"),
      failoverTtlMs: int(env, "DISPATCH_FAILOVER_TTL_MS"),
      settleWindowMs: int(env, "DISPATCH_SETTLE_WINDOW_MS"),
    }),
    perSecond: defined({
      whatsapp: int(env, "DISPATCH_WHATSAPP_MPS"),
      sms: int(env, "DISPATCH_SMS_MPS"),
      rcs: int(env, "DISPATCH_RCS_MPS"),
    }),
  };
}

export function settingsOf(overrides: DispatchOverrides): DispatchSettings {
  return { ...DISPATCH_DEFAULTS, ...overrides, perSecond: { ...DISPATCH_DEFAULTS.perSecond, ...overrides.perSecond } };
}

/** Starts the three and answers the loops to register (stopped by the jobs plugin in reverse order of need). */
export function startCampaignDispatch(app: FastifyInstance, overrides: DispatchOverrides): Map<string, ClaimLoop> {
  const { db } = app.database;
  const env = dispatchOverridesFromEnv();
  const settings = settingsOf({ ...env, ...overrides, perSecond: { ...env.perSecond, ...overrides.perSecond } });
  const progress = createProgressPusher(db, (userId, update) =>
    app.io.to(userRoom(userId)).emit(PROGRESS_EVENT, update),
  );
  const linkKey = linkKeyOf(app.routeContext.secret());
  const dispatcher = startDispatcher(app.database, app.carrier, app.storage, progress, app.log, settings, linkKey, {
    io: app.io,
    sendMail: app.routeContext.sendMail,
  });
  const settlement = startSettlement(db, app.log, settings, (ids) => ids.forEach((id) => progress.touch(id, true)));
  const events = startCarrierEvents(db, app.carrier, {
    flushMs: overrides.eventsFlushMs ?? 100,
    log: app.log,
    onChanged: (changed, failed) => {
      changed.forEach((id) => progress.touch(id));
      dispatcher.noteFailures(failed);
      settlement.note(failed.keys());
    },
  });
  const stopProgress: ClaimLoop = { tick: async () => 0, stop: () => progress.stop() };
  return new Map<string, ClaimLoop>([
    ["campaign-dispatch", dispatcher],
    ["carrier-events", events],
    ["campaign-settlement", settlement],
    ["campaign-progress", stopProgress],
  ]);
}
