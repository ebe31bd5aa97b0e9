import { randomUUID } from "node:crypto";
import { RCS_CARRIERS } from "../../../contract/domain/rcs-bots";
import type { RcsBotRef, RcsBotRegistration, RcsLaunch } from "../carrier";
import type { SandboxContext } from "./context";
import { draw, drawInt } from "./random";

// RCS bot launches as Google RBM and the Indian carriers handle them: a new bot is UNLAUNCHED everywhere, each
// carrier takes the launch request (PENDING) and later LAUNCHES it or REJECTS it with a reason. Everything is decided
// by draw(seed, bot id, carrier) and the time since registration, so the answer is the same after a restart.

/** Share of carrier decisions that are rejections. */
export const RCS_REJECT_RATE = 0.12;

export const RCS_REJECT_REASONS = [
  "Brand verification failed: the website does not name the brand",
  "Logo does not match the brand name",
  "Privacy policy URL does not resolve",
  "Use case does not match the sample messages",
] as const;

/** One carrier's state of a bot `elapsedMs` after registration. */
export function launchOf(ctx: SandboxContext, providerBotId: string, carrier: string, elapsedMs: number): RcsLaunch {
  const { seed, rcsLaunchMs } = ctx.config;
  const key = `rcs:${providerBotId}:${carrier}`;
  const pendingAt = drawInt(seed, `${key}:pending`, 0, rcsLaunchMs.min);
  const decidedAt = drawInt(seed, `${key}:decided`, rcsLaunchMs.min, rcsLaunchMs.max);
  if (elapsedMs < pendingAt) return { state: "UNLAUNCHED" };
  if (elapsedMs < decidedAt) return { state: "PENDING" };
  if (draw(seed, `${key}:verdict`) >= RCS_REJECT_RATE) return { state: "LAUNCHED" };
  const reason = RCS_REJECT_REASONS[drawInt(seed, `${key}:reason`, 0, RCS_REJECT_REASONS.length - 1)];
  return { state: "REJECTED", reason };
}

function launchAt(ctx: SandboxContext, bot: RcsBotRef, now: number): Record<string, RcsLaunch> {
  const elapsed = Math.max(0, now - bot.registeredAt.getTime());
  return Object.fromEntries(
    RCS_CARRIERS.map((carrier) => [carrier, launchOf(ctx, bot.providerBotId, carrier, elapsed)]),
  );
}

export async function sandboxRegisterRcsBot(
  ctx: SandboxContext,
  _bot: RcsBotRegistration,
): Promise<RcsBotRef & { launch: Record<string, RcsLaunch> }> {
  const ref = { providerBotId: `sandbox-rbm-${randomUUID()}`, registeredAt: new Date() };
  return { ...ref, launch: launchAt(ctx, ref, ref.registeredAt.getTime()) };
}

export async function sandboxRcsLaunchState(ctx: SandboxContext, bot: RcsBotRef): Promise<Record<string, RcsLaunch>> {
  return launchAt(ctx, bot, Date.now());
}
