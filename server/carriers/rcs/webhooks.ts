// RBM's webhook (guides/integrate/webhooks): first the configuration handshake, a POST of { clientToken, secret }
// answered 200 with the secret when the client token is ours; then every event as a Pub/Sub push,
// { message: { data: base64 JSON, messageId, publishTime } }, signed in X-Goog-Signature: base64 of HMAC-SHA512 over
// the base64-DECODED data with the client token as key. A wrong or missing signature is refused (403) and nothing is
// taken. Events are keyed by RBM's message id (and event type), so a second delivery changes nothing. RBM's message id
// of our messages is the UUID the send answered as its provider id (message-id.ts), not one of our ids: receipts
// carry it as the provider id only, and each sender finds its message by the provider id it stored.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CarrierEvent, InboundMedia } from "../carrier";
import type { KeyedEvent, WebhookAnswer, WebhookRequest } from "../router/channel-adapter";
import type { RbmChannel } from "./settings";

export const EXPIRED = {
  code: "EXPIRED",
  reason: "The message's TTL expired before delivery and it was revoked",
} as const;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const signatureOf = (clientToken: string, data: Buffer) =>
  createHmac("sha512", clientToken).update(data).digest("base64");

const header = (headers: WebhookRequest["headers"], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An event RBM sent (UserMessage, UserEvent or ServerEvent: the union of their fields we read). */
interface RbmEvent {
  senderPhoneNumber?: string;
  phoneNumber?: string;
  agentId?: string;
  messageId?: string;
  eventId?: string;
  eventType?: string;
  sendTime?: string;
  text?: string;
  suggestionResponse?: { text?: string; postbackData?: string };
  location?: { latitude?: number; longitude?: number };
  userFile?: { payload?: { fileUri?: string; mimeType?: string; fileName?: string; fileSizeBytes?: number } };
}

/** The kind of a customer's file by its declared type (the bytes are sniffed again once fetched). */
function userFileMedia(url: string, mimeType?: string, fileName?: string): InboundMedia {
  const major = (mimeType ?? "").split("/")[0];
  const kind = major === "image" || major === "video" || major === "audio" ? major : "document";
  return { kind, url, ...(mimeType ? { mimeType } : {}), ...(fileName ? { fileName } : {}) };
}

export interface WebhookDeps {
  channel: RbmChannel;
  /** Revokes a message whose TTL passed and RBM could not revoke itself: true when revoked (it was never delivered). */
  revoke(to: string, messageId: string): Promise<boolean>;
}

const agentName = (agentId: string) => agentId.replace(/@rbm\.goog$/, "");

async function eventsOf(deps: WebhookDeps, e: RbmEvent, pubsubId: string): Promise<KeyedEvent[]> {
  const at = e.sendTime ? new Date(e.sendTime) : new Date();
  const when = Number.isNaN(at.getTime()) ? new Date() : at;
  const { botId } = deps.channel;
  const receipt = (
    messageId: string,
    status: "delivered" | "read" | "failed",
    extra: Partial<Extract<CarrierEvent, { type: "receipt" }>> = {},
  ): KeyedEvent => ({
    key: `${messageId}:${status}`,
    event: { type: "receipt", providerMessageId: messageId, status, at: when, ...extra },
  });
  switch (e.eventType) {
    case "DELIVERED":
      return e.messageId ? [receipt(e.messageId, "delivered")] : [];
    case "READ":
      return e.messageId ? [receipt(e.messageId, "read")] : [];
    case "TTL_EXPIRATION_REVOKED":
      return e.messageId ? [receipt(e.messageId, "failed", EXPIRED)] : [];
    case "TTL_EXPIRATION_REVOKE_FAILED":
      // RBM could not take it back; revoking ourselves tells whether it was delivered meanwhile (then DELIVERED
      // follows).
      return e.messageId && e.phoneNumber && (await deps.revoke(e.phoneNumber, e.messageId))
        ? [receipt(e.messageId, "failed", EXPIRED)]
        : [];
    case undefined:
      break;
    default:
      // IS_TYPING, SUBSCRIBE, UNSUBSCRIBE, launch state changes: nothing of ours changes.
      return [];
  }
  const from = e.senderPhoneNumber;
  if (!from) return [];
  const id = e.messageId ?? pubsubId;
  const inbound = (text: string, mediaUrl?: string, media?: InboundMedia, payload?: string): KeyedEvent[] => [
    {
      key: `in:${id}`,
      event: {
        type: "inbound",
        channel: "rcs",
        from,
        to: botId,
        text,
        ...(mediaUrl ? { mediaUrl } : {}),
        ...(media ? { media } : {}),
        ...(payload ? { payload } : {}),
        at: when,
      },
    },
  ];
  if (typeof e.text === "string") return inbound(e.text);
  // A tapped suggestion arrives as the chip's text: the conversation reads what the customer saw and tapped.
  // Its postbackData travels beside it: a survey reads its score from it first.
  if (e.suggestionResponse) {
    const { text, postbackData } = e.suggestionResponse;
    return inbound(text ?? postbackData ?? "", undefined, undefined, postbackData || undefined);
  }
  if (e.location) return inbound(`Location: ${e.location.latitude ?? ""}, ${e.location.longitude ?? ""}`);
  // RBM's UserFile: { payload: { mimeType, fileSizeBytes, fileUri, fileName } }; the file is fetched at once.
  const file = e.userFile?.payload;
  if (file?.fileUri) return inbound("", file.fileUri, userFileMedia(file.fileUri, file.mimeType, file.fileName));
  return [];
}

export async function rbmWebhook(deps: WebhookDeps, request: WebhookRequest): Promise<WebhookAnswer> {
  if (request.method !== "POST" || !request.rawBody) return { status: 405, body: "RBM posts its events" };
  let body: { clientToken?: unknown; secret?: unknown; message?: { data?: unknown; messageId?: unknown } };
  try {
    body = JSON.parse(request.rawBody.toString("utf8")) as typeof body;
  } catch {
    return { status: 400, body: "Not JSON" };
  }
  const { clientToken } = deps.channel;
  if (typeof body.clientToken === "string" && typeof body.secret === "string") {
    // The configuration handshake: the secret echoed proves this URL is ours, only to the holder of the client token.
    return same(body.clientToken, clientToken)
      ? { status: 200, body: body.secret }
      : { status: 403, body: "Unknown client token" };
  }
  const data = body.message?.data;
  if (typeof data !== "string") return { status: 400, body: "No message data" };
  const decoded = Buffer.from(data, "base64");
  const signature = header(request.headers, "x-goog-signature") ?? "";
  if (!signature || !same(signature, signatureOf(clientToken, decoded))) return { status: 403, body: "Bad signature" };
  let event: RbmEvent;
  try {
    event = JSON.parse(decoded.toString("utf8")) as RbmEvent;
  } catch {
    return { status: 200, body: "OK" };
  }
  // A partner webhook receives every agent's events: another agent's are not this channel's.
  if (event.agentId && agentName(event.agentId) !== agentName(deps.channel.agentId)) return { status: 200, body: "OK" };
  const pubsubId = typeof body.message?.messageId === "string" ? body.message.messageId : "";
  return { status: 200, body: "OK", events: await eventsOf(deps, event, pubsubId) };
}
