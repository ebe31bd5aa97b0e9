// A generic HTTP SMS provider's profile, as stored on its channel: where to POST, how to authenticate (the API key is
// the one secret), the body with placeholders, where the answer keeps the provider's message id, and how its delivery
// reports (DLRs) read. Every provider that speaks "POST a message, get an id, receive a callback" fits it.
import {
  isSmsHttpPresetId,
  SMS_HTTP_PRESETS,
  type SmsHttpPresetId,
  type SmsHttpRefusal,
} from "../../../contract/domain/sms-http-presets";
import type { ReceiptStatus } from "../carrier";
import type { ChannelConnection } from "../router/channel-adapter";

export const SMS_HTTP = "sms_http";

export interface HttpSmsProfile {
  id: string;
  url: string;
  /** The header the key goes in, and what precedes it ("Bearer ", or nothing for an api-key header). */
  authHeader: string;
  authPrefix: string;
  apiKey: string;
  /**
   * JSON body; string values may hold {{to}} {{to_digits}} {{from}} {{text}} {{id}} {{entity_id}} {{dlt_template_id}}.
   */
  body: Readonly<Record<string, unknown>>;
  /** Dot path of the message id in the send answer ("data.message_id"). */
  messageIdPath: string;
  dlr: { idPath: string; statusPath: string; codePath?: string; statuses: Readonly<Record<string, ReceiptStatus>> };
  entityId?: string;
  /**
   * Customers' messages (MO) at the inbound URL: where the callback keeps each field (a dot path), or null when off.
   */
  inbound: InboundMapping | null;
  /** A preset's channel (MSG91): the preset, and how its provider writes a refusal in the answer's body. */
  preset?: SmsHttpPresetId;
  refusal?: SmsHttpRefusal;
  messagesPerSecond: number;
  timeoutMs: number;
  verifyToken: string;
  disconnected?: string;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * How a provider's inbound (MO) callback reads: dot paths of the customer's number, the text and the provider's message
 * id (the key a callback delivered twice is known by), and of the number written to, or that number fixed (`number`)
 * for a provider whose callback does not say it.
 */
export interface InboundMapping {
  fromPath: string;
  textPath: string;
  idPath: string;
  toPath?: string;
  number?: string;
}

function inboundOf(value: unknown): InboundMapping | null {
  const r = record(value);
  const fromPath = text(r?.fromPath);
  const textPath = text(r?.textPath);
  const idPath = text(r?.idPath);
  const toPath = text(r?.toPath);
  const number = text(r?.number);
  if (!fromPath || !textPath || !idPath || (!toPath && !number)) return null;
  return { fromPath, textPath, idPath, ...(toPath ? { toPath } : {}), ...(number ? { number } : {}) };
}

export function httpSmsProfileOf(connection: ChannelConnection): HttpSmsProfile {
  const s = connection.settings;
  const url = text(s.url);
  const apiKey = connection.secrets.apiKey;
  const body = record(s.body);
  const messageIdPath = text(s.messageIdPath);
  const dlr = record(s.dlr);
  const statuses = record(dlr?.statuses);
  if (!url || !apiKey || !body || !messageIdPath || !dlr || !statuses || !text(dlr.idPath) || !text(dlr.statusPath)) {
    throw new Error(`channel ${connection.id}: an HTTP SMS channel needs url, apiKey, body, messageIdPath and dlr`);
  }
  const mapped = Object.fromEntries(
    Object.entries(statuses).filter((e): e is [string, ReceiptStatus] =>
      ["sent", "delivered", "read", "failed"].includes(String(e[1])),
    ),
  );
  const codePath = text(dlr.codePath);
  const entityId = text(s.entityId);
  return {
    id: connection.id,
    url,
    authHeader: text(s.authHeader) ?? "Authorization",
    authPrefix: typeof s.authPrefix === "string" ? s.authPrefix : "Bearer ",
    apiKey,
    body,
    messageIdPath,
    dlr: {
      idPath: String(dlr.idPath),
      statusPath: String(dlr.statusPath),
      ...(codePath ? { codePath } : {}),
      statuses: mapped,
    },
    ...(entityId ? { entityId } : {}),
    inbound: inboundOf(s.inbound),
    ...(isSmsHttpPresetId(s.preset) ? { preset: s.preset, refusal: SMS_HTTP_PRESETS[s.preset].refusal } : {}),
    messagesPerSecond: typeof s.messagesPerSecond === "number" && s.messagesPerSecond > 0 ? s.messagesPerSecond : 100,
    timeoutMs: typeof s.timeoutMs === "number" && s.timeoutMs > 0 ? s.timeoutMs : 15_000,
    verifyToken: connection.verifyToken,
    ...(connection.status === "disconnected"
      ? { disconnected: connection.statusReason ?? "SMS channel disconnected" }
      : {}),
  };
}

/** Reads a dot path ("data.message_id", "messages.0.id") out of a JSON value. */
export function at(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** Fills the body's placeholders; the message text is inserted as a JSON string value, never as JSON syntax. */
export function fillBody(
  body: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const fill = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
    if (Array.isArray(v)) return v.map(fill);
    const r = record(v);
    return r ? Object.fromEntries(Object.entries(r).map(([k, x]) => [k, fill(x)])) : v;
  };
  return fill(body) as Record<string, unknown>;
}
