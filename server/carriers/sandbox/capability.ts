import type { Capability, CapabilityCheck } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxCapability(_ctx: SandboxContext, _check: CapabilityCheck): Promise<Capability> {
  return notBuilt("capability check");
}
