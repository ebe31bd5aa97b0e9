import type { RcsBotRegistration, RcsLaunchState } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxRegisterRcsBot(_ctx: SandboxContext, _bot: RcsBotRegistration): Promise<{ providerBotId: string; launch: Record<string, RcsLaunchState> }> {
  return notBuilt("RCS bot registration");
}

export async function sandboxRcsLaunchState(_ctx: SandboxContext, _providerBotId: string): Promise<Record<string, RcsLaunchState>> {
  return notBuilt("RCS launch state");
}
