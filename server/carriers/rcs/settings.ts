// One RBM channel as the adapter reads it from its stored connection: the agent at Google, the bot (ours) whose
// messages it sends, the bot's use case (which sets messageTrafficType), the service account's key and the webhook's
// client token.
import type { RcsUseCase } from "../carrier";
import type { ChannelConnection } from "../router/channel-adapter";
import type { RbmConfig } from "./config";

export const RCS_GOOGLE = "rcs_google";

/** The fields of a Google service-account key file the JWT bearer grant needs. */
export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
}

export interface RbmChannel {
  id: string;
  /** Google's agent id ("welcome-bot" of welcome-bot@rbm.goog): the agentId of every call. */
  agentId: string;
  /** Our rcs_bots id: the sender of campaigns and chats that goes out through this channel. */
  botId: string;
  useCase: RcsUseCase;
  messagesPerSecond: number;
  ttlSeconds: number;
  key: ServiceAccountKey;
  clientToken: string;
  disconnected?: string;
}

const USE_CASES: readonly RcsUseCase[] = ["OTP", "TRANSACTIONAL", "PROMOTIONAL", "MULTI_USE"];

/**
 * The key file's fields, or why it is not one: a service-account key is JSON with type "service_account",
 * client_email and a PEM private_key. Used by the connect form's check and by the adapter.
 */
export function parseServiceAccountKey(json: string): ServiceAccountKey | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return "The service-account key is not JSON: paste the whole key file downloaded from Google Cloud";
  }
  const k = parsed as Record<string, unknown>;
  if (typeof k !== "object" || k === null || k.type !== "service_account")
    return 'The key file is not a service-account key (its "type" is not "service_account")';
  if (typeof k.client_email !== "string" || !k.client_email.includes("@"))
    return "The service-account key has no client_email";
  if (typeof k.private_key !== "string" || !k.private_key.includes("BEGIN PRIVATE KEY"))
    return "The service-account key has no PEM private_key";
  return {
    clientEmail: k.client_email,
    privateKey: k.private_key,
    ...(typeof k.private_key_id === "string" ? { privateKeyId: k.private_key_id } : {}),
  };
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function rbmChannelOf(connection: ChannelConnection, config: RbmConfig): RbmChannel {
  const s = connection.settings;
  const agentId = text(s.agentId);
  const botId = text(s.botId);
  const key = parseServiceAccountKey(connection.secrets.serviceAccountKey ?? "");
  const clientToken = connection.secrets.clientToken;
  if (!agentId || !botId || typeof key === "string" || !clientToken)
    throw new Error(
      `channel ${connection.id}: an RBM channel needs agentId, botId, a service-account key and a client token`,
    );
  const useCase = USE_CASES.find((u) => u === s.useCase) ?? "MULTI_USE";
  const mps =
    typeof s.messagesPerSecond === "number" && s.messagesPerSecond > 0 ? s.messagesPerSecond : config.messagesPerSecond;
  return {
    id: connection.id,
    agentId,
    botId,
    useCase,
    messagesPerSecond: mps,
    ttlSeconds: config.ttlSeconds,
    key,
    clientToken,
    ...(connection.status === "disconnected"
      ? { disconnected: connection.statusReason ?? "RCS channel disconnected" }
      : {}),
  };
}
