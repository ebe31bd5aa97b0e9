// The sandbox carrier's behaviour, from the environment, so testers and tests can aim at it (docs/sandbox-carrier.md).
import { sandboxMessageConfigFromEnv, type SandboxMessageConfig } from "./message-config";

export interface SandboxConfig {
  /** Every random choice is a hash of this seed and the thing decided on (a message id, a template name): the same
   *  seed gives the same outcomes, across restarts too. SANDBOX_SEED. */
  seed: string;
  /** Template review delay range in ms; SANDBOX_REVIEW_MS is "min-max" or one number (default 5000-20000). */
  reviewMs: { min: number; max: number };
  /** Message outcomes, delays, throttling and idempotency memory (SANDBOX_DELIVERED_PERCENT, SANDBOX_*_MS…). */
  messages: SandboxMessageConfig;
  /** When each carrier decides on a new RCS bot, ms after registration; SANDBOX_RCS_LAUNCH_MS "min-max" (default
   *  20000-120000). A carrier turns PENDING somewhere before `min` and LAUNCHED or REJECTED between min and max. */
  rcsLaunchMs: { min: number; max: number };
}

function range(
  raw: string | undefined,
  fallback: { min: number; max: number },
  name = "SANDBOX_REVIEW_MS",
): { min: number; max: number } {
  if (!raw) return fallback;
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(raw);
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? min : Number(match[2]);
  if (!match || max < min) throw new Error(`${name} must be "min-max" in ms, got "${raw}"`);
  return { min, max };
}

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    seed: env.SANDBOX_SEED ?? "sandbox",
    reviewMs: range(env.SANDBOX_REVIEW_MS, { min: 5000, max: 20000 }),
    messages: sandboxMessageConfigFromEnv(env),
    rcsLaunchMs: range(env.SANDBOX_RCS_LAUNCH_MS, { min: 20000, max: 120000 }, "SANDBOX_RCS_LAUNCH_MS"),
  };
}
