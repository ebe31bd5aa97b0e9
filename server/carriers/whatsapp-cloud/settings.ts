// One WhatsApp Cloud API channel as the adapter reads it from its stored connection: the WABA, its numbers, the
// system-user token, the Meta app's secret (webhook signatures) and id (resumable uploads), its throughput.
import type { ChannelConnection } from "../router/channel-adapter";
import type { WhatsAppCloudConfig } from "./config";

export const WHATSAPP_CLOUD = "whatsapp_cloud";

/** The secrets of a channel: sealed at rest, never answered to the console. */
export interface WhatsAppSecrets {
  accessToken: string;
  appSecret: string;
  /** The two-step verification PIN the number was registered with (Embedded Signup registers it). */
  pin?: string;
}

export interface WhatsAppChannel {
  id: string;
  wabaId: string;
  phoneNumberIds: readonly string[];
  appId?: string;
  messagesPerSecond: number;
  secrets: WhatsAppSecrets;
  verifyToken: string;
  disconnected?: string;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function whatsappChannelOf(connection: ChannelConnection, config: WhatsAppCloudConfig): WhatsAppChannel {
  const s = connection.settings;
  const wabaId = text(s.wabaId);
  const accessToken = connection.secrets.accessToken;
  const appSecret = connection.secrets.appSecret;
  if (!wabaId || !accessToken || !appSecret)
    throw new Error(`channel ${connection.id}: a WhatsApp Cloud channel needs wabaId, accessToken and appSecret`);
  const phoneNumberIds = Array.isArray(s.phoneNumberIds)
    ? s.phoneNumberIds.filter((p): p is string => typeof p === "string")
    : [];
  const mps =
    typeof s.messagesPerSecond === "number" && s.messagesPerSecond > 0 ? s.messagesPerSecond : config.messagesPerSecond;
  const appId = text(s.appId);
  return {
    id: connection.id,
    wabaId,
    phoneNumberIds,
    ...(appId ? { appId } : {}),
    messagesPerSecond: mps,
    secrets: { accessToken, appSecret, ...(connection.secrets.pin ? { pin: connection.secrets.pin } : {}) },
    verifyToken: connection.verifyToken,
    ...(connection.status === "disconnected"
      ? { disconnected: connection.statusReason ?? "WhatsApp channel disconnected" }
      : {}),
  };
}
