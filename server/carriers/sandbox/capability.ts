import { behaviourOfE164, toE164 } from "../../../contract/domain/sandbox-numbers";
import type { Capability, CapabilityCheck, Channel } from "../carrier";
import type { SandboxConfig } from "./config";
import type { SandboxContext } from "./context";
import { draw } from "./random";

/**
 * Whether `to` can get a message on `channel`, decided by the special numbers first, then by the seeded RCS rate
 * (keyed by the number, so the same number answers the same way every time, on send and on capability check alike).
 * Every valid number is on SMS and WhatsApp unless it is one of the special ones. `e164`: `to` already parsed.
 */
export function reachability(config: SandboxConfig, channel: Channel, to: string, e164 = toE164(to)): Capability {
  if (!e164) return { capable: false, reason: "unknown" };
  const behaviour = behaviourOfE164(e164);
  if (channel === "whatsapp" && behaviour === "not-on-whatsapp") return { capable: false, reason: "not-on-channel" };
  if (channel !== "rcs") return { capable: true };
  if (behaviour === "not-rcs-capable") return { capable: false, reason: "not-on-channel" };
  if (behaviour === "rcs-not-launched") return { capable: false, reason: "not-launched-on-carrier" };
  // Special numbers are RCS-capable, so testers can aim at their outcome on RCS too.
  if (behaviour) return { capable: true };
  const capable = draw(config.seed, `rcs-capable:${e164}`) * 100 < config.messages.rcsCapablePercent;
  return capable ? { capable: true } : { capable: false, reason: "not-on-channel" };
}

export async function sandboxCapability(ctx: SandboxContext, check: CapabilityCheck): Promise<Capability> {
  return reachability(ctx.config, check.channel, check.to);
}
