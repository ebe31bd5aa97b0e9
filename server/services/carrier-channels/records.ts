import { CARRIER_WEBHOOK_PATH, type CarrierChannelRecord } from "../../../contract/calls";
import type { carrierChannels } from "../../db/schema";

export type ChannelRow = typeof carrierChannels.$inferSelect;

/** The secrets each provider keeps, with the words the console uses for them (the form's field names). */
export const SECRET_FIELDS: Record<string, readonly { key: string; field: string; label: string }[]> = {
  whatsapp_cloud: [
    { key: "accessToken", field: "access_token", label: "System-user access token" },
    { key: "appSecret", field: "app_secret", label: "App secret" },
  ],
};

export const webhookUrlOf = (origin: string, channelId: string) => `${origin}${CARRIER_WEBHOOK_PATH}/${channelId}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A channel as the console sees it: secrets only as "set" and their last 4 characters. */
export function toChannelRecord(row: ChannelRow, origin: string, defaultMps: number): CarrierChannelRecord {
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
    messagesPerSecond: s.messagesPerSecond ?? defaultMps,
    credentials: (SECRET_FIELDS[row.provider] ?? []).map(({ key, field, label }) => ({
      field,
      label,
      set: key in row.credentialHints,
      last4: row.credentialHints[key] ?? "",
    })),
    webhook: { url: webhookUrlOf(origin, row.id), verifyToken: row.verifyToken },
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
