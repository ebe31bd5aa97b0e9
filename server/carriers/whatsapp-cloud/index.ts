// The WhatsApp Cloud API adapter: one per channel (an account's WABA, numbers and system-user token), built by the
// router from the stored connection. Each concern is its own file; this one wires them to the Carrier interface.
import { emitToAll, type CarrierEvent } from "../carrier";
import type { CarrierProvider, ChannelAdapter, ChannelConnection, ChannelHealth } from "../router/channel-adapter";
import { whatsappCloudConfigFromEnv, type WhatsAppCloudConfig } from "./config";
import { cloudTestConnection } from "./connection";
import type { CloudContext } from "./context";
import { cloudDownloadMedia, cloudUploadMedia } from "./media";
import { cloudSend } from "./messages";
import { whatsappChannelOf, WHATSAPP_CLOUD } from "./settings";
import { cloudDeleteTemplate, cloudListTemplates, cloudSubmitTemplate, cloudTemplateStatus } from "./templates";
import { cloudWebhook } from "./webhooks";

export { WHATSAPP_CLOUD } from "./settings";
export type { WhatsAppCloudConfig } from "./config";

const notWhatsApp = (what: string) => Promise.reject(new Error(`A WhatsApp Cloud API channel does not ${what}`));

export function createWhatsAppCloudAdapter(
  connection: ChannelConnection,
  health: ChannelHealth,
  config: WhatsAppCloudConfig,
): ChannelAdapter {
  const listeners = new Set<(event: CarrierEvent) => void>();
  const channel = whatsappChannelOf(connection, config);
  const ctx: CloudContext = {
    config,
    channel,
    health,
    // Nothing the adapter emits itself is acknowledged to Meta (webhooks are, through the intake): failures were
    // logged.
    emit: (event) => void emitToAll(listeners, event).catch(() => undefined),
    ...(channel.disconnected ? { disconnected: channel.disconnected } : {}),
  };
  return {
    name: WHATSAPP_CLOUD,
    // Meta takes no idempotency key: a send whose answer was lost must never be sent again.
    idempotentSends: false,
    channelId: connection.id,
    profile: { idempotentSends: false, perSecond: channel.messagesPerSecond },
    send: (message) => cloudSend(ctx, message),
    submitTemplate: (template) => cloudSubmitTemplate(ctx, template),
    templateStatus: (ref) => cloudTemplateStatus(ctx, ref),
    listTemplates: (wabaId) => cloudListTemplates(ctx, wabaId),
    deleteTemplate: (ref) => cloudDeleteTemplate(ctx, ref),
    uploadMedia: (media) => cloudUploadMedia(ctx, media),
    downloadMedia: (request) => cloudDownloadMedia(ctx, request),
    // Meta offers no reachability check: a number is tried, and 131026 says it cannot be reached.
    checkCapability: async () => ({ capable: false, reason: "unknown" }),
    onboardWhatsApp: () => notWhatsApp("onboard through the carrier (use Channels → WhatsApp)"),
    registerRcsBot: () => notWhatsApp("register RCS bots"),
    rcsLaunchState: () => notWhatsApp("know RCS launch states"),
    testConnection: () => cloudTestConnection(ctx),
    webhook: (request) => cloudWebhook(ctx, request),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
    },
  };
}

export function whatsappCloudProvider(config: WhatsAppCloudConfig = whatsappCloudConfigFromEnv()): CarrierProvider {
  return {
    id: WHATSAPP_CLOUD,
    channel: "whatsapp",
    create: (connection, { health }) => createWhatsAppCloudAdapter(connection, health, config),
  };
}
