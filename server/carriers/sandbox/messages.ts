import type { OutboundMessage, SendResult } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxSend(_ctx: SandboxContext, _message: OutboundMessage): Promise<SendResult> {
  return notBuilt("send");
}
