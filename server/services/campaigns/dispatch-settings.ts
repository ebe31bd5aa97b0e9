// The dispatcher's settings and their defaults (tests and the public API's dispatcher pass their own).
import type { Channel } from "../../carriers/carrier";
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
