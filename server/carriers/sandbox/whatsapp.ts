import type { WabaConnection } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxOnboardWhatsApp(_ctx: SandboxContext, _request: { accountId: string; code?: string }): Promise<WabaConnection> {
  return notBuilt("WhatsApp onboarding");
}
