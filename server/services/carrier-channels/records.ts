import { CARRIER_WEBHOOK_PATH, type CarrierChannelRecord, type SmsChannelDetails } from "../../../contract/calls";
import { INBOUND_KIND } from "../../carriers/sms-http/inbound";
import type { carrierChannels } from "../../db/schema";

export type ChannelRow = typeof carrierChannels.$inferSelect;

/** The secrets each provider keeps, with the words the console uses for them (the form's field names). */
export const SECRET_FIELDS: Record<string, readonly { key: string; field: string; label: string }[]> = {
  whatsapp_cloud: [
    { key: "accessToken", field: "access_token", label: "System-user access token" },
    { key: "appSecret", field: "app_secret", label: "App secret" },
  ],
  smpp: [{ key: "password", field: "password", label: "Password" }],
  sms_http: [{ key: "apiKey", field: "api_key", label: "API key" }],
  rcs_google: [
    { key: "serviceAccountKey", field: "service_account_key", label: "Service-account key" },
    { key: "clientToken", field: "client_token", label: "Webhook client token" },
  ],
};

const hexTag = (tag: number) => `0x${tag.toString(16)}`;

/** An SMS channel's settings for the console (SMPP or HTTP), null for other channels. */
function smsDetailsOf(row: ChannelRow, origin: string): SmsChannelDetails | null {
  if (row.channel !== "sms") return null;
  const s = row.settings;
  const words = (want: string) =>
    Object.entries(s.dlr?.statuses ?? {})
      .filter(([, v]) => v === want)
      .map(([k]) => k);
  return {
    senderIds: s.senderIds ?? [],
    dltEntityId: s.dltEntityId ?? s.entityId ?? null,
    smpp:
      row.provider === "smpp"
        ? {
            host: s.host ?? "",
            port: s.port ?? 2775,
            systemId: s.systemId ?? "",
            systemType: s.systemType ?? null,
            dltEntityIdTag: hexTag(s.dltEntityIdTag ?? 0x1400),
          }
        : null,
    http:
      row.provider === "sms_http"
        ? {
            preset: s.preset ?? null,
            url: s.url ?? "",
            authHeader: s.authHeader ?? "Authorization",
            authPrefix: s.authPrefix ?? "Bearer ",
            bodyTemplate: JSON.stringify(s.body ?? {}, null, 2),
            messageIdPath: s.messageIdPath ?? "",
            dlr: {
              idPath: s.dlr?.idPath ?? "",
              statusPath: s.dlr?.statusPath ?? "",
              codePath: s.dlr?.codePath ?? null,
              delivered: words("delivered"),
              failed: words("failed"),
            },
            inbound: s.inbound
              ? {
                  fromPath: s.inbound.fromPath,
                  toPath: s.inbound.toPath ?? null,
                  textPath: s.inbound.textPath,
                  idPath: s.inbound.idPath,
                  number: s.inbound.number ?? null,
                }
              : null,
            inboundUrl: `${httpWebhookUrlOf(origin, row)}&kind=${INBOUND_KIND}`,
          }
        : null,
  };
}

export const webhookUrlOf = (origin: string, channelId: string) => `${origin}${CARRIER_WEBHOOK_PATH}/${channelId}`;

/** Generic HTTP providers do not sign their callbacks: the token in the URL they are given is the proof. */
const httpWebhookUrlOf = (origin: string, row: ChannelRow) =>
  `${webhookUrlOf(origin, row.id)}?token=${encodeURIComponent(row.verifyToken)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A channel as the console sees it: secrets only as "set" and their last 4 characters; an RBM one with its bot's name
 * now.
 */
export function toChannelRecord(
  row: ChannelRow,
  origin: string,
  defaultMps: number,
  botName = "",
): CarrierChannelRecord {
  const s = row.settings;
  return {
    _id: row.id,
    provider: row.provider as CarrierChannelRecord["provider"],
    channel: row.channel,
    name: row.name,
    status: row.status,
    statusReason: row.statusReason,
    onboarding: s.onboarding ?? "manual",
    wabaId: s.wabaId ?? "",
    phoneNumberIds: s.phoneNumberIds ?? [],
    appId: s.appId ?? null,
    messagesPerSecond: s.messagesPerSecond ?? (row.channel === "sms" ? 100 : defaultMps),
    sms: smsDetailsOf(row, origin),
    rcs:
      row.provider === "rcs_google"
        ? {
            agentId: s.agentId ?? "",
            botId: s.botId ?? "",
            botName,
            useCase: s.useCase ?? "MULTI_USE",
            serviceAccount: s.serviceAccount ?? "",
          }
        : null,
    credentials: (SECRET_FIELDS[row.provider] ?? []).map(({ key, field, label }) => ({
      field,
      label,
      set: key in row.credentialHints,
      last4: row.credentialHints[key] ?? "",
    })),
    webhook: {
      url: row.provider === "sms_http" ? httpWebhookUrlOf(origin, row) : webhookUrlOf(origin, row.id),
      verifyToken: row.verifyToken,
    },
    health: {
      lastSuccessAt: iso(row.lastSuccessAt),
      lastErrorAt: iso(row.lastErrorAt),
      lastErrorCode: row.lastErrorCode,
      lastError: row.lastError,
      sentLastMinute: row.measuredAt && Date.now() - row.measuredAt.getTime() < 120_000 ? row.sentLastMinute : 0,
      measuredAt: iso(row.measuredAt),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
