import type { CarrierEvent } from "../carrier";
import type { SandboxConfig } from "./config";

/** What each part of the sandbox gets: its configuration, a way to announce events, and timers that close() stops. */
export interface SandboxContext {
  config: SandboxConfig;
  /** Hands an event to every listener; settles once those that store it have (see Carrier.onEvent). */
  emit(event: CarrierEvent): Promise<void>;
  /** Runs `task` after `ms` (a receipt, a reply, a review verdict); forgotten on close. */
  later(ms: number, task: () => void): void;
}
