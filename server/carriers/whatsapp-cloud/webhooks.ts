// Meta's webhooks for one channel. GET is the verification handshake: hub.mode=subscribe with our verify token is
// answered with hub.challenge. POST carries events, signed: X-Hub-Signature-256 is "sha256=" + the hex HMAC-SHA256 of
// the raw body with the app secret, compared in constant time; anything else is refused (401 no signature, 403 a
// wrong one) before a byte of the body is read as JSON. Each event gets Meta's own key (message id, message id and
// status, template id and event) so the route can drop a second delivery of it.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CarrierEvent, InboundMedia, ReceiptStatus } from "../carrier";
import type { KeyedEvent, WebhookAnswer, WebhookRequest } from "../router/channel-adapter";
import type { CloudContext } from "./context";
import { categoryOf, statusOf } from "./templates";
import { parseExactJson } from "./exact-json";

type Json = Record<string, unknown>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "sha256=<hex>" of the raw body with the app secret. */
export const signatureOf = (appSecret: string, raw: Buffer | string) =>
  `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;

export function verifySignature(appSecret: string, raw: Buffer, header: string | undefined): "ok" | "missing" | "bad" {
  if (!header) return "missing";
  const expected = Buffer.from(signatureOf(appSecret, raw));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "bad";
}

const RECEIPTS: readonly ReceiptStatus[] = ["sent", "delivered", "read", "failed"];
const asDate = (seconds: unknown) =>
  typeof seconds === "string" || typeof seconds === "number" ? new Date(Number(seconds) * 1000) : new Date();
const e164 = (waId: string) => (waId.startsWith("+") ? waId : `+${waId}`);

interface MetaError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

function statusEvents(value: Json): KeyedEvent[] {
  const statuses = Array.isArray(value.statuses) ? (value.statuses as Json[]) : [];
  return statuses.flatMap((s): KeyedEvent[] => {
    const status = s.status as ReceiptStatus;
    if (typeof s.id !== "string" || !RECEIPTS.includes(status)) return [];
    const error = Array.isArray(s.errors) ? (s.errors[0] as MetaError | undefined) : undefined;
    const reason = error
      ? [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(": ")
      : undefined;
    const event: CarrierEvent = {
      type: "receipt",
      providerMessageId: s.id,
      ...(typeof s.biz_opaque_callback_data === "string" ? { messageId: s.biz_opaque_callback_data } : {}),
      status,
      ...(error?.code !== undefined ? { code: String(error.code), reason: reason || `Error ${error.code}` } : {}),
      at: asDate(s.timestamp),
    };
    return [{ key: `status:${s.id}:${status}`, event }];
  });
}

/** What a customer's message says, as the inbox shows it: text, a caption, a tapped button, or what it was. */
export function inboundText(m: Json): string {
  const type = String(m.type ?? "");
  const part = (m[type] ?? {}) as Json;
  switch (type) {
    case "text":
      return String(part.body ?? "");
    case "button":
      return String(part.text ?? part.payload ?? "");
    case "interactive": {
      const reply = (part.button_reply ?? part.list_reply ?? {}) as Json;
      return String(reply.title ?? reply.id ?? "");
    }
    case "reaction":
      return String(part.emoji ?? "");
    case "location":
      return `📍 ${[part.name, part.address].filter(Boolean).join(", ") || `${String(part.latitude)},${String(part.longitude)}`}`;
    case "image":
    case "video":
    case "document":
    case "audio":
    case "sticker":
      return typeof part.caption === "string" && part.caption
        ? part.caption
        : `[${type}${typeof part.filename === "string" ? `: ${part.filename}` : ""}]`;
    default:
      return `[${type || "unsupported"} message]`;
  }
}

/**
 * What a tapped choice carries besides its title: an interactive reply's id (messages[].interactive.button_reply.id,
 * or list_reply.id) or a template quick reply's payload (messages[].button.payload). A survey reads its score from it.
 */
export function inboundPayload(m: Json): string | undefined {
  const part = (m[String(m.type ?? "")] ?? {}) as Json;
  const value =
    m.type === "interactive"
      ? ((part.button_reply ?? part.list_reply ?? {}) as Json).id
      : m.type === "button"
        ? part.payload
        : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

const MEDIA_TYPES = ["image", "video", "audio", "document", "sticker"] as const;

/** The file of a media message (its id, to fetch at once: the webhook carries no bytes). */
function mediaOf(m: Json): InboundMedia | undefined {
  const kind = MEDIA_TYPES.find((t) => t === m.type);
  const part = kind ? (m[kind] as Json | undefined) : undefined;
  if (!kind || !part || typeof part.id !== "string") return undefined;
  return {
    kind,
    id: part.id,
    ...(typeof part.mime_type === "string" ? { mimeType: part.mime_type } : {}),
    ...(typeof part.filename === "string" ? { fileName: part.filename } : {}),
  };
}

function messageEvents(value: Json, phoneNumberId: string): KeyedEvent[] {
  const messages = Array.isArray(value.messages) ? (value.messages as Json[]) : [];
  return messages.flatMap((m): KeyedEvent[] => {
    if (typeof m.id !== "string" || typeof m.from !== "string") return [];
    const media = mediaOf(m);
    const payload = inboundPayload(m);
    const event: CarrierEvent = {
      type: "inbound",
      channel: "whatsapp",
      from: e164(m.from),
      to: phoneNumberId,
      text: inboundText(m),
      ...(media ? { media } : {}),
      ...(payload ? { payload } : {}),
      at: asDate(m.timestamp),
    };
    return [{ key: `message:${m.id}`, event }];
  });
}

function templateEvents(value: Json, time: unknown): KeyedEvent[] {
  const id = value.message_template_id;
  if (id === undefined || id === null || typeof value.event !== "string") return [];
  const event = value.event;
  if (!["APPROVED", "REJECTED", "PAUSED", "DISABLED", "PENDING", "REINSTATED", "FLAGGED"].includes(event)) return [];
  const otherInfo = (value.other_info ?? {}) as Json;
  const rejection = (value.rejection_info ?? {}) as Json;
  const words = [
    typeof value.reason === "string" && value.reason !== "NONE" ? value.reason : undefined,
    typeof rejection.reason === "string" ? rejection.reason : undefined,
    typeof otherInfo.description === "string" ? otherInfo.description : undefined,
  ].filter(Boolean);
  const category = categoryOf(
    typeof value.message_template_category === "string" ? value.message_template_category : undefined,
  );
  const review = {
    status: statusOf(event),
    ...(category ? { category } : {}),
    ...(words.length ? { reason: words.join(": ") } : {}),
  };
  return [
    {
      key: `template:${String(id)}:${event}:${String(time ?? "")}`,
      event: { type: "template", providerTemplateId: String(id), review, at: asDate(time) },
    },
  ];
}

/** Every event of a verified payload that belongs to this channel (another WABA's or number's is left out). */
export function eventsOf(ctx: CloudContext, payload: Json): KeyedEvent[] {
  if (payload.object !== "whatsapp_business_account" || !Array.isArray(payload.entry)) return [];
  const out: KeyedEvent[] = [];
  for (const entry of payload.entry as Json[]) {
    for (const change of Array.isArray(entry.changes) ? (entry.changes as Json[]) : []) {
      const value = (change.value ?? {}) as Json;
      if (change.field === "messages") {
        const phoneNumberId = String(((value.metadata ?? {}) as Json).phone_number_id ?? "");
        if (!ctx.channel.phoneNumberIds.includes(phoneNumberId)) continue;
        out.push(...statusEvents(value), ...messageEvents(value, phoneNumberId));
      } else if (change.field === "message_template_status_update") {
        if (entry.id !== undefined && String(entry.id) !== ctx.channel.wabaId) continue;
        out.push(...templateEvents(value, entry.time));
      }
    }
  }
  return out;
}

export async function cloudWebhook(ctx: CloudContext, request: WebhookRequest): Promise<WebhookAnswer> {
  if (request.method === "GET") {
    const mode = request.query["hub.mode"];
    const token = request.query["hub.verify_token"] ?? "";
    const challenge = request.query["hub.challenge"] ?? "";
    if (mode === "subscribe" && sameText(token, ctx.channel.verifyToken)) return { status: 200, body: challenge };
    return { status: 403, body: "Verification token mismatch" };
  }
  const raw = request.rawBody ?? Buffer.alloc(0);
  const verdict = verifySignature(ctx.channel.secrets.appSecret, raw, first(request.headers["x-hub-signature-256"]));
  if (verdict === "missing") return { status: 401, body: "X-Hub-Signature-256 is required" };
  if (verdict === "bad") return { status: 403, body: "X-Hub-Signature-256 does not match the body" };
  let payload: Json;
  try {
    payload = parseExactJson(raw.toString("utf8")) as Json;
  } catch {
    return { status: 400, body: "The body is not JSON" };
  }
  return { status: 200, body: "EVENT_RECEIVED", events: eventsOf(ctx, payload) };
}
