// The default carrier: simulated providers with review delays, verdicts, receipts, replies and limits, so every flow
// runs on a fresh machine. Each concern is its own file; this one wires them to the Carrier interface.
import { emitToAll, type Carrier, type CarrierListener } from "../carrier";
import { sandboxCapability } from "./capability";
import { sandboxConfigFromEnv, type SandboxConfig } from "./config";
import type { SandboxContext } from "./context";
import { sandboxUploadMedia } from "./media";
import { sandboxSend } from "./messages";
import { sandboxRcsLaunchState, sandboxRegisterRcsBot } from "./rcs-bots";
import { sandboxSubmitTemplate, sandboxTemplateStatus } from "./templates";
import { sandboxOnboardWhatsApp } from "./whatsapp";

export function createSandboxCarrier(config: SandboxConfig = sandboxConfigFromEnv()): Carrier {
  const listeners = new Set<CarrierListener>();
  const timers = new Set<NodeJS.Timeout>();
  const ctx: SandboxContext = {
    config,
    emit: (event) => emitToAll(listeners, event),
    later: (ms, task) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
  };
  return {
    name: "sandbox",
    idempotentSends: true,
    send: (message) => sandboxSend(ctx, message),
    submitTemplate: (template) => sandboxSubmitTemplate(ctx, template),
    templateStatus: (ref) => sandboxTemplateStatus(ctx, ref),
    uploadMedia: (media) => sandboxUploadMedia(ctx, media),
    checkCapability: (check) => sandboxCapability(ctx, check),
    onboardWhatsApp: (request) => sandboxOnboardWhatsApp(ctx, request),
    registerRcsBot: (bot) => sandboxRegisterRcsBot(ctx, bot),
    rcsLaunchState: (bot) => sandboxRcsLaunchState(ctx, bot),
    simulateInbound: (message) => ctx.emit({ type: "inbound", ...message, at: new Date() }),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      timers.forEach(clearTimeout);
      timers.clear();
      listeners.clear();
    },
  };
}
