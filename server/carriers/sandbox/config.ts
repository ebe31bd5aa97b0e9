// The sandbox carrier's behaviour, from the environment, so testers and tests can aim at it (README "Sandbox carrier").

export interface SandboxConfig {
  /** Every random choice is a hash of this seed and the thing decided on (a message id, a template name): the same
   *  seed gives the same outcomes, across restarts too. SANDBOX_SEED. */
  seed: string;
  /** Template review delay range in ms; SANDBOX_REVIEW_MS is "min-max" or one number (default 5000-20000). */
  reviewMs: { min: number; max: number };
  /** When each carrier decides on a new RCS bot, ms after registration; SANDBOX_RCS_LAUNCH_MS "min-max" (default
   *  20000-120000). A carrier turns PENDING somewhere before `min` and LAUNCHED or REJECTED between min and max. */
  rcsLaunchMs: { min: number; max: number };
}

function range(raw: string | undefined, fallback: { min: number; max: number }, name = "SANDBOX_REVIEW_MS"): { min: number; max: number } {
  if (!raw) return fallback;
  const [a, b = a] = raw.split("-").map((part) => Number(part.trim()));
  if (!Number.isFinite(a) || !Number.isFinite(b) || a < 0 || b < a) throw new Error(`${name} must be "min-max" in ms, got "${raw}"`);
  return { min: a, max: b };
}

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    seed: env.SANDBOX_SEED ?? "sandbox",
    reviewMs: range(env.SANDBOX_REVIEW_MS, { min: 5000, max: 20000 }),
    rcsLaunchMs: range(env.SANDBOX_RCS_LAUNCH_MS, { min: 20000, max: 120000 }, "SANDBOX_RCS_LAUNCH_MS"),
  };
}
