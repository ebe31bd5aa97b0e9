// The dispatcher's settings and their defaults, read from DISPATCH_* variables (tests and the public API's dispatcher
// pass their own), and the rate a sender is paced at: one place for the dispatchers and the live control room.
import type { Channel, SenderProfile } from "../../carriers/carrier";
import { FAILOVER_TTL_MS } from "../../../contract/domain/campaigns";
import { SETTLEMENT_WINDOW_MS } from "../../../contract/domain/charging";
import { AUTO_PAUSE_RULE, type AutoPauseRule } from "./auto-pause";

export const HOLD_USED_UP = "Balance hold used up";

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

/** The environment's settings with a caller's overrides on top (the jobs' dispatchers; tests pass theirs). */
export function dispatchSettingsWith(overrides: DispatchOverrides = {}): DispatchSettings {
  const env = dispatchOverridesFromEnv();
  return settingsOf({ ...env, ...overrides, perSecond: { ...env.perSecond, ...overrides.perSecond } });
}

/**
 * The messages a second a sender is paced at: its own rate (the carrier router answers per sender, e.g. a WhatsApp
 * number's), else the dispatcher's for the channel. The dispatcher paces with it and the live control room offers it
 * as the throttle's maximum.
 */
export const senderRate = (profile: Pick<SenderProfile, "perSecond">, channel: Channel, settings: DispatchSettings) =>
  profile.perSecond ?? settings.perSecond[channel];
