// The default carrier: simulated providers with review delays, verdicts, receipts, replies and limits, so every flow
// runs on a fresh machine. Each concern is its own file; this one wires them to the Carrier interface.
import { emitToAll, type Carrier, type CarrierListener } from "../carrier";
import { sandboxCapability } from "./capability";
import { sandboxConfigFromEnv, type SandboxConfig } from "./config";
import type { SandboxContext } from "./context";
import { sandboxDownloadMedia, sandboxInboundMedia, sandboxUploadMedia } from "./media";
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
    downloadMedia: (request) => sandboxDownloadMedia(request),
    simulateInbound: (message) => {
      // A file from the simulated phone (a data: URL) arrives as a provider's media reference, fetched by the inbox.
      const media = message.mediaUrl ? sandboxInboundMedia(message.mediaUrl) : undefined;
      if (!media) return ctx.emit({ type: "inbound", ...message, at: new Date() });
      const { mediaUrl: _link, ...rest } = message;
      return ctx.emit({ type: "inbound", ...rest, media, at: new Date() });
    },
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
