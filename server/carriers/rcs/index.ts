// The Google RCS Business Messaging (RBM) adapter: one per channel, i.e. one agent at Google sending the messages of
// one of our RCS bots (settings.botId; the router sends that bot's messages here, every other bot's through the
// sandbox). Service-account auth (auth.ts), a capability check before each send (404: not RCS-capable, 403: the agent
// is not launched on the user's carrier; either way the send is refused and takes its fallback like the sandbox's
// refusals do), phones.agentMessages.create with a UUID derived from our message id (message-id.ts: RBM takes UUIDs
// only and refuses a second create of the same one with 409, so sends are idempotent and a lost answer is retried; the
// UUID is the provider id the send answers and receipts name), a TTL after which RBM revokes an undelivered message
// (the webhook's TTL_EXPIRATION_REVOKED, or our own revoke when RBM could not: a failed receipt, EXPIRED, which starts
// the fallback), files.create for media, and the webhook (webhooks.ts).
import type { Capability, CarrierEvent, MediaDownload, MediaUpload, OutboundMessage, SendResult } from "../carrier";
import { MediaGone, MediaRefused, readLimited } from "../media-refused";
import type {
  CarrierProvider,
  ChannelAdapter,
  ChannelConnection,
  ChannelHealth,
  ConnectionCheck,
} from "../router/channel-adapter";
import { createTokenSource, TokenError } from "./auth";
import { rbm, RbmError } from "./api";
import { rbmConfigFromEnv, type RbmConfig } from "./config";
import { behaviourOf, disconnectReason } from "./errors";
import { rbmMessageId } from "./message-id";
import { contentMessageOf, trafficTypeOf } from "./payloads";
import { RCS_GOOGLE, rbmChannelOf } from "./settings";
import { rbmWebhook } from "./webhooks";

export { RCS_GOOGLE, parseServiceAccountKey } from "./settings";
export { rbmConfigFromEnv, type RbmConfig } from "./config";

/** A number found RCS-capable is believed this long before it is checked again. */
const CAPABLE_FOR_MS = 10 * 60_000;
const CAPABLE_CACHE = 50_000;
/** The number testConnection asks about: an unassigned one, so the answer (404) says only that the agent may ask. */
const PROBE_NUMBER = "+10000000000";

const notRcs = (what: string) => Promise.reject(new Error(`An RCS Business Messaging channel does not ${what}`));

const phonePath = (to: string) => `/v1/phones/${encodeURIComponent(to)}`;

export function createRbmAdapter(
  connection: ChannelConnection,
  health: ChannelHealth,
  config: RbmConfig,
): ChannelAdapter {
  const channel = rbmChannelOf(connection, config);
  const tokens = createTokenSource(config, channel.key);
  const listeners = new Set<(event: CarrierEvent) => void>();
  const capable = new Map<string, number>();
  let disconnected = channel.disconnected;
  const call = <T>(request: Parameters<typeof rbm>[2]) => rbm<T>(config, tokens, request);
  const agentId = channel.agentId;

  function disconnect(code: string, message: string): SendResult {
    disconnected = disconnectReason(code, message);
    health.failure({ code, message: disconnected, disconnect: true });
    return { accepted: false, code, reason: disconnected, retryable: true, retry: "channel" };
  }

  /** A refusal as a SendResult (and the channel's health); a network failure is thrown (the dispatcher retries). */
  function refused(error: unknown): SendResult {
    if (error instanceof TokenError && error.auth) return disconnect(error.code, error.message);
    if (error instanceof RbmError) {
      const b = behaviourOf(error.status, error.grpc, error.message, error.retryAfterMs);
      if (b.disconnect) return disconnect(error.grpc, error.message);
      if (!b.fallback) health.failure({ code: b.code, message: b.reason });
      return {
        accepted: false,
        code: b.code,
        reason: b.reason,
        retryable: b.retryable,
        ...(b.retry ? { retry: b.retry } : {}),
        ...(b.retryAfterMs ? { retryAfterMs: b.retryAfterMs } : {}),
      };
    }
    health.failure({ code: "network", message: error instanceof Error ? error.message : String(error) });
    throw error;
  }

  /** Throws RbmError 404/403 when the number cannot be reached over RCS by this agent. */
  async function ensureCapable(to: string): Promise<void> {
    const until = capable.get(to);
    if (until && until > Date.now()) return;
    await call({
      method: "GET",
      path: `${phonePath(to)}/capabilities`,
      query: { requestId: crypto.randomUUID(), agentId },
    });
    if (capable.size >= CAPABLE_CACHE) capable.clear();
    capable.set(to, Date.now() + CAPABLE_FOR_MS);
  }

  async function send(message: OutboundMessage): Promise<SendResult> {
    if (disconnected)
      return { accepted: false, code: "disconnected", reason: disconnected, retryable: true, retry: "channel" };
    const contentMessage = contentMessageOf(message.content);
    if (typeof contentMessage === "string")
      return { accepted: false, code: "unsupported", reason: contentMessage, retryable: false };
    const messageId = rbmMessageId(connection.id, message.id);
    try {
      await ensureCapable(message.to);
      await call({
        method: "POST",
        path: `${phonePath(message.to)}/agentMessages`,
        query: { messageId, agentId },
        json: {
          contentMessage,
          messageTrafficType: trafficTypeOf(channel.useCase, message.content),
          ttl: `${Math.min(channel.ttlSeconds, message.ttlSeconds ?? channel.ttlSeconds)}s`,
        },
      });
    } catch (error) {
      // The same message id again (an earlier create whose answer was lost): RBM has it already.
      if (!(error instanceof RbmError && error.status === 409)) return refused(error);
    }
    health.sent();
    return { accepted: true, providerMessageId: messageId };
  }

  async function checkCapability(check: { to: string }): Promise<Capability> {
    try {
      await ensureCapable(check.to);
      return { capable: true };
    } catch (error) {
      if (error instanceof RbmError && error.status === 404) return { capable: false, reason: "not-on-channel" };
      if (error instanceof RbmError && error.status === 403)
        return { capable: false, reason: "not-launched-on-carrier" };
      return { capable: false, reason: "unknown" };
    }
  }

  async function revoke(to: string, messageId: string): Promise<boolean> {
    try {
      await call({
        method: "DELETE",
        path: `${phonePath(to)}/agentMessages/${encodeURIComponent(messageId)}`,
        query: { agentId },
      });
      return true;
    } catch (error) {
      // 404: delivered (or revoked) already; its DELIVERED event says which.
      if (error instanceof RbmError && error.status === 404) return false;
      throw error;
    }
  }

  async function uploadMedia(media: MediaUpload): Promise<{ handle: string }> {
    const answer = await call<{ name?: string }>({
      method: "POST",
      path: "/upload/v1/files",
      query: { agentId },
      headers: {
        "content-type": media.mimeType,
        "x-goog-upload-protocol": "raw",
        "x-goog-upload-file-name": media.fileName,
      },
      body: media.bytes,
    });
    if (!answer.name) throw new Error("RBM stored the file without naming it");
    health.success();
    return { handle: answer.name };
  }

  /**
   * A customer's file: RBM's userFile names it by fileUri, a link to Google's storage that needs no token; it is
   * fetched at once, as the link is not kept for ever. 403/404/410: gone.
   */
  async function downloadMedia(request: MediaDownload): Promise<{ bytes: Buffer; mimeType?: string }> {
    const url = request.media.url;
    if (!url || !/^https?:\/\//.test(url)) throw new MediaRefused("The file has no link to fetch");
    const response = await fetch(url, { signal: request.signal ?? AbortSignal.timeout(config.timeoutMs) });
    if ([403, 404, 410].includes(response.status)) {
      await response.body?.cancel();
      throw new MediaGone(`RBM's file link answered ${response.status}`);
    }
    if (!response.ok) throw new Error(`RBM's file link answered ${response.status}`);
    const mimeType = response.headers.get("content-type") ?? request.media.mimeType;
    return { bytes: await readLimited(response, request.maxBytes), ...(mimeType ? { mimeType } : {}) };
  }

  async function testConnection(): Promise<ConnectionCheck> {
    try {
      await tokens.token();
      await call({
        method: "GET",
        path: `${phonePath(PROBE_NUMBER)}/capabilities`,
        query: { requestId: crypto.randomUUID(), agentId },
      });
    } catch (error) {
      const answered =
        error instanceof RbmError &&
        (error.status === 404 || (error.status === 403 && /launch|carrier/i.test(error.message)));
      if (!answered) {
        if (error instanceof TokenError)
          return {
            ok: false,
            code: error.code,
            message: disconnectReason(error.code, error.message),
            auth: error.auth,
          };
        if (error instanceof RbmError) {
          const b = behaviourOf(error.status, error.grpc, error.message);
          return {
            ok: false,
            code: error.grpc,
            message: b.disconnect ? b.reason : `Google answered ${error.status}: ${error.message}`,
            auth: b.disconnect,
          };
        }
        return {
          ok: false,
          code: "network",
          message: `Google did not answer: ${error instanceof Error ? error.message : String(error)}`,
          auth: false,
        };
      }
    }
    health.success();
    return { ok: true, name: agentId, phoneNumbers: [] };
  }

  return {
    name: RCS_GOOGLE,
    idempotentSends: true,
    channelId: connection.id,
    profile: { idempotentSends: true, perSecond: channel.messagesPerSecond },
    send,
    submitTemplate: () => notRcs("review WhatsApp templates"),
    templateStatus: () => notRcs("review WhatsApp templates"),
    uploadMedia,
    downloadMedia,
    checkCapability,
    onboardWhatsApp: () => notRcs("onboard WhatsApp"),
    // Agents are registered and launched in Google's Business Communications console; bots here are records.
    registerRcsBot: () => notRcs("register bots (agents are created in Google's console)"),
    rcsLaunchState: () => notRcs("read launch states"),
    testConnection,
    webhook: async (request) => {
      const answer = await rbmWebhook({ channel, revoke }, request);
      if (answer.status === 200 && answer.events?.length) health.success();
      return answer;
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
    },
  };
}

export function rbmProvider(config: RbmConfig = rbmConfigFromEnv()): CarrierProvider {
  return {
    id: RCS_GOOGLE,
    channel: "rcs",
    create: (connection, { health }) => createRbmAdapter(connection, health, config),
  };
}
