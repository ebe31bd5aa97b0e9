// The generic HTTP SMS adapter: one POST per message to the provider's URL with its API key, the body from the
// channel's profile (settings.ts), the provider's message id read from the answer; delivery reports arrive at the
// channel's webhook URL (/api/carrier-webhooks/<id>?token=<verify token>: generic providers do not sign, so the
// token in the URL we hand them is the proof) and become receipts keyed by id and status; customers' messages arrive
// at the same URL with &kind=inbound, read by the channel's inbound mapping (inbound.ts). Refusals: 401/403
// disconnect the channel, 429 slows the sender (Retry-After), other 4xx fail the recipient; no answer, or a 5xx
// other than 503, is unknown (the send throws and is never re-sent: these providers take no idempotency key). Every
// request goes through the SSRF guard (request.ts): a private address, unless CARRIER_ALLOW_PRIVATE, disconnects.
// A preset's provider (MSG91) may write a refusal in the body of any answer, a 200 too: its refusal rules
// (contract/domain/sms-http-presets.ts) are read before the status, so a refusal is never taken for an id.
import { timingSafeEqual } from "node:crypto";
import { SsrfError } from "../../http/ssrf";
import type { CarrierEvent, OutboundMessage, SendResult } from "../carrier";
import { ADDRESS_REFUSED } from "../provider-address";
import type {
  CarrierProvider,
  ChannelAdapter,
  ChannelConnection,
  ChannelHealth,
  KeyedEvent,
  WebhookRequest,
} from "../router/channel-adapter";
import { INBOUND_KIND, inboundEvents } from "./inbound";
import { providerRequest, type ProviderAnswer } from "./request";
import { at, fillBody, httpSmsProfileOf, SMS_HTTP } from "./settings";
import type { SmsHttpRefusal } from "../../../contract/domain/sms-http-presets";

export { SMS_HTTP } from "./settings";

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1_000;
}

function reasonOf(res: ProviderAnswer): string {
  const body = json(res.text);
  const said = at(body, "message") ?? at(body, "error.message") ?? at(body, "error");
  if (typeof said === "string") return said;
  // Not JSON (or no reason in it): the text itself.
  return res.text.slice(0, 200) || res.statusText;
}

/** The provider's refusal written in the answer's body, by the preset's rules; null when the answer is not one. */
function bodyRefusal(
  refusal: SmsHttpRefusal | undefined,
  res: ProviderAnswer,
): { code: string; reason: string; stops: "key" | "account" | null } | null {
  if (!refusal) return null;
  const body = json(res.text);
  if (String(at(body, refusal.path) ?? "") !== refusal.value) return null;
  const code = String(at(body, refusal.codePath) ?? res.status);
  const stops = refusal.keyCodes.includes(code) ? "key" : refusal.accountCodes.includes(code) ? "account" : null;
  return { code, reason: reasonOf(res), stops };
}

export interface HttpSmsOptions {
  /** CARRIER_ALLOW_PRIVATE: the provider may be on a private, loopback or link-local address. */
  allowPrivate: boolean;
}

export function createHttpSmsAdapter(
  connection: ChannelConnection,
  health: ChannelHealth,
  options: HttpSmsOptions,
): ChannelAdapter {
  const profile = httpSmsProfileOf(connection);
  const auth = { [profile.authHeader]: `${profile.authPrefix}${profile.apiKey}` };
  const listeners = new Set<(event: CarrierEvent) => void>();
  let disconnected = profile.disconnected;

  async function send(message: OutboundMessage): Promise<SendResult> {
    if (disconnected)
      return { accepted: false, code: "disconnected", reason: disconnected, retryable: true, retry: "channel" };
    const c = message.content;
    if (c.kind !== "text")
      return {
        accepted: false,
        code: "unsupported",
        reason: `SMS carries text only, not a ${c.kind} message`,
        retryable: false,
      };
    const body = fillBody(profile.body, {
      to: message.to,
      to_digits: message.to.replace(/^\+/, ""),
      from: message.from,
      text: c.text,
      id: message.id,
      entity_id: profile.entityId ?? "",
      dlt_template_id: c.dltTemplateId ?? "",
    });
    let res: ProviderAnswer;
    try {
      res = await providerRequest(profile.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth },
        body: JSON.stringify(body),
        timeoutMs: profile.timeoutMs,
        allowPrivate: options.allowPrivate,
      });
    } catch (error) {
      if (error instanceof SsrfError) {
        // Refused before anything was sent: safe to retry once the address or the operator's setting changes.
        disconnected = `SMS channel disconnected: ${error.message}`;
        health.failure({ code: ADDRESS_REFUSED, message: disconnected, disconnect: true });
        return { accepted: false, code: ADDRESS_REFUSED, reason: disconnected, retryable: true, retry: "channel" };
      }
      health.failure({ code: "network", message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const reason = reasonOf(res);
    const code = String(res.status);
    // A limit or a failure is the HTTP status's, whatever the body says; a refusal in the body comes before an id is
    // read.
    if (res.status === 429 || res.status === 503) {
      health.failure({ code, message: reason });
      return {
        accepted: false,
        code,
        reason: `The provider is limiting sends (${code}): sending slows down and retries`,
        retryable: true,
        retry: "sender",
        retryAfterMs: retryAfterMs(res.header("retry-after")),
      };
    }
    if (res.status >= 500) {
      health.failure({ code, message: reason });
      throw new Error(`The provider failed (${code}: ${reason}); the message may have been taken`);
    }
    const refused = bodyRefusal(profile.refusal, res);
    if (refused?.stops === "key" || (!refused && (res.status === 401 || res.status === 403)))
      return stop("API key", refused?.code ?? code, refused?.reason ?? reason, "Enter a new key");
    if (refused?.stops === "account")
      return stop("account", refused.code, refused.reason, "Put it right with the provider");
    if (refused) {
      health.failure({ code: refused.code, message: refused.reason });
      return {
        accepted: false,
        code: refused.code,
        reason: `The provider refused the message (${refused.code}): ${refused.reason}`,
        retryable: false,
      };
    }
    if (res.ok) {
      const id = at(json(res.text), profile.messageIdPath);
      if (typeof id !== "string" && typeof id !== "number")
        throw new Error(`The provider accepted the message without an id at ${profile.messageIdPath}`);
      health.sent();
      return { accepted: true, providerMessageId: String(id) };
    }
    health.failure({ code, message: reason });
    return { accepted: false, code, reason: `The provider refused the message (${code}): ${reason}`, retryable: false };
  }

  /** The key or the account refused: nothing more is sent through this channel until someone fixes it and tests it. */
  function stop(what: "API key" | "account", code: string, reason: string, fix: string): SendResult {
    disconnected = `SMS channel disconnected: the provider refused the ${what} (${code}: ${reason}). ${fix}, then test the connection.`;
    health.failure({ code, message: disconnected, disconnect: true });
    return { accepted: false, code, reason: disconnected, retryable: true, retry: "channel" };
  }

  function dlrEvents(raw: Buffer): KeyedEvent[] {
    const json: unknown = JSON.parse(raw.toString("utf8"));
    const reports = Array.isArray(json) ? json : [json];
    const events: KeyedEvent[] = [];
    for (const report of reports) {
      const id = at(report, profile.dlr.idPath);
      const word = String(at(report, profile.dlr.statusPath) ?? "");
      const status = profile.dlr.statuses[word];
      if ((typeof id !== "string" && typeof id !== "number") || !status) continue;
      const code = profile.dlr.codePath ? at(report, profile.dlr.codePath) : undefined;
      events.push({
        key: `${id}:${word}`,
        event: {
          type: "receipt",
          providerMessageId: String(id),
          status,
          ...(status === "failed"
            ? { code: String(code ?? word), reason: `The provider reported ${word}${code ? ` (${String(code)})` : ""}` }
            : {}),
          at: new Date(),
        },
      });
    }
    return events;
  }

  async function webhook(request: WebhookRequest) {
    const token = request.query.token ?? "";
    if (!sameToken(token, profile.verifyToken)) return { status: 403, body: "Unknown token" };
    if (request.query.kind === INBOUND_KIND) {
      if (!profile.inbound)
        return { status: 404, body: "This channel takes no inbound messages: set its inbound mapping" };
      const read = inboundEvents(profile.inbound, connection.id, request);
      return read.ok ? { status: 200, body: "OK", events: read.events } : { status: 400, body: read.reason };
    }
    if (request.method !== "POST" || !request.rawBody) return { status: 200, body: "OK" };
    try {
      return { status: 200, body: "OK", events: dlrEvents(request.rawBody) };
    } catch {
      return { status: 400, body: "A delivery report is JSON" };
    }
  }

  const notHere = (what: string) => Promise.reject(new Error(`An HTTP SMS channel does not ${what}`));

  return {
    name: SMS_HTTP,
    idempotentSends: false,
    channelId: connection.id,
    profile: {
      idempotentSends: false,
      perSecond: profile.messagesPerSecond,
      ...(profile.entityId ? { dltTemplates: true } : {}),
    },
    send,
    submitTemplate: () => notHere("review templates"),
    templateStatus: () => notHere("review templates"),
    uploadMedia: () => notHere("carry media"),
    checkCapability: async () => ({ capable: false, reason: "unknown" }),
    onboardWhatsApp: () => notHere("onboard WhatsApp"),
    registerRcsBot: () => notHere("register RCS bots"),
    rcsLaunchState: () => notHere("know RCS launch states"),
    // Generic providers have no common harmless call: the test is that the URL answers and the key is not refused.
    testConnection: async () => {
      try {
        const res = await providerRequest(profile.url, {
          method: "OPTIONS",
          headers: auth,
          timeoutMs: profile.timeoutMs,
          allowPrivate: options.allowPrivate,
        });
        if (res.status === 401 || res.status === 403)
          return {
            ok: false,
            code: String(res.status),
            message: `The provider refused the API key (${res.status})`,
            auth: true,
          };
        const refused = bodyRefusal(profile.refusal, res);
        if (refused?.stops)
          return {
            ok: false,
            code: refused.code,
            message: `The provider refused the ${refused.stops === "key" ? "API key" : "account"} (${refused.code}: ${refused.reason})`,
            auth: true,
          };
        health.success();
        return { ok: true, name: new URL(profile.url).host, phoneNumbers: [] };
      } catch (error) {
        if (error instanceof SsrfError)
          return { ok: false, code: ADDRESS_REFUSED, message: error.message, auth: false };
        return {
          ok: false,
          code: "network",
          message: `The provider did not answer: ${error instanceof Error ? error.message : String(error)}`,
          auth: false,
        };
      }
    },
    webhook,
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
    },
  };
}

export function httpSmsProvider(options: HttpSmsOptions): CarrierProvider {
  return {
    id: SMS_HTTP,
    channel: "sms",
    create: (connection, { health }) => createHttpSmsAdapter(connection, health, options),
  };
}
