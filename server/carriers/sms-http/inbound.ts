// Customers' messages (MO) an HTTP SMS provider posts to the channel's inbound URL (the DLR URL with &kind=inbound: a
// URL of its own, so a report is never read as a message nor a message as a report). Providers post JSON, a form
// (application/x-www-form-urlencoded) or, for some, a GET with the fields in the query; the channel's mapping
// (settings.ts InboundMapping) says where each field is. A callback whose messages do not all read is refused whole
// (400, nothing taken), so the provider's retry or its log shows the problem; each message is keyed by the provider's
// id, so a callback delivered twice stores one message (the webhook route drops a key it has seen).
import type { KeyedEvent, WebhookRequest } from "../router/channel-adapter";
import { at, type InboundMapping } from "./settings";

/** The query parameter that marks the inbound URL. */
export const INBOUND_KIND = "inbound";

/** Ours in the URL, never a field of the provider's message. */
const OURS = new Set(["token", "kind"]);

/**
 * A number in the "+…" form the console stores, as the SMPP adapter writes it: digits (with spaces, dashes, a "+" or
 * "00" ahead) become "+digits"; a header or a short code stays as given.
 */
export function e164(value: string): string {
  const compact = value
    .trim()
    .replace(/[\s().-]/g, "")
    .replace(/^00/, "+");
  return /^\+?\d{8,15}$/.test(compact) ? `+${compact.replace(/^\+/, "")}` : value.trim();
}

const scalar = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);

/** The callback's messages as objects, or null when its body is not one the mapping can read. */
function messagesOf(request: WebhookRequest): unknown[] | null {
  if (request.method === "GET" || !request.rawBody || request.rawBody.length === 0) {
    const fields = Object.fromEntries(
      Object.entries(request.query).filter(([k, v]) => !OURS.has(k) && v !== undefined),
    );
    return Object.keys(fields).length > 0 ? [fields] : null;
  }
  const type = String(request.headers["content-type"] ?? "").toLowerCase();
  const raw = request.rawBody.toString("utf8");
  if (type.includes("application/x-www-form-urlencoded")) return [Object.fromEntries(new URLSearchParams(raw))];
  try {
    const json: unknown = JSON.parse(raw);
    if (Array.isArray(json)) return json;
    return json && typeof json === "object" ? [json] : null;
  } catch {
    return null;
  }
}

export type InboundAnswer = { ok: true; events: KeyedEvent[] } | { ok: false; reason: string };

export function inboundEvents(mapping: InboundMapping, channelId: string, request: WebhookRequest): InboundAnswer {
  const messages = messagesOf(request);
  if (!messages || messages.length === 0) return { ok: false, reason: "An inbound message is JSON, a form or a query" };
  const events: KeyedEvent[] = [];
  for (const message of messages) {
    const from = scalar(at(message, mapping.fromPath))?.trim();
    const text = scalar(at(message, mapping.textPath));
    const id = scalar(at(message, mapping.idPath))?.trim();
    const to = mapping.toPath ? scalar(at(message, mapping.toPath))?.trim() : mapping.number;
    if (!from || text === null || !id || !to) {
      return {
        ok: false,
        reason: `An inbound message needs ${mapping.fromPath}, ${mapping.textPath}, ${mapping.idPath}${mapping.toPath ? ` and ${mapping.toPath}` : ""}`,
      };
    }
    events.push({
      key: `mo:${id}`,
      event: { type: "inbound", channel: "sms", from: e164(from), to: e164(to), text, at: new Date(), channelId },
    });
  }
  return { ok: true, events };
}
