// The SMPP 3.4 adapter: one bind_transceiver per channel (an account's SMSC account), built by the router from the
// stored connection. Text is split and coded (encoding.ts), each part is a submit_sm asking for a delivery receipt;
// the SMSC's answers become SendResults (errors.ts) and its deliver_sm receipts and inbound messages become
// CarrierEvents (receipts.ts). SMPP has no idempotency key: a submit whose response is lost is reported unknown (the
// send throws) and never re-sent here; its receipt, matched as unanswered.ts explains, settles it.
import smpp, { type PDU, type PduFields } from "smpp";
import { emitToAll, WITHDRAWN, type CarrierEvent, type OutboundMessage, type SendResult } from "../carrier";
import { ADDRESS_REFUSED } from "../provider-address";
import type {
  CarrierProvider,
  ChannelAdapter,
  ChannelConnection,
  ChannelHealth,
  ConnectionCheck,
} from "../router/channel-adapter";
import { concatenationHeader, segment } from "./encoding";
import { behaviourOfStatus, statusCode, STATUS } from "./errors";
import { openLink, type LinkOptions } from "./link";
import { messageText, parseReceipt } from "./receipts";
import {
  memoryUnansweredStore,
  unansweredBook,
  type IncomingReceipt,
  type Submit,
  type UnansweredStore,
} from "./unanswered";
import { smppChannelOf, SMPP, type SmppChannel } from "./settings";

export { SMPP } from "./settings";
export { probeSmpp } from "./probe";

/** Receipts of the second and later parts point at the message's first part id (what the send answered). */
const PART_MEMORY = 50_000;
const ESM_UDHI = 0x40;

// Node's ESM loader does not see `types` among this CommonJS module's names (vitest does): read from the module itself.
const { addTLV, types } = smpp;

/** The library writes only TLVs it knows by name: a provider's DLT tags are registered once each. */
const registered = new Set<number>();
function tlvName(tag: number): string {
  const name = `dlt_0x${tag.toString(16)}`;
  if (!registered.has(tag)) {
    addTLV(name, { id: tag, type: types.tlv.cstring });
    registered.add(tag);
  }
  return name;
}

/**
 * Where a customer wrote: a number the SMSC marks international (TON 1), or one long enough to be a full number, is
 * the "+…" form the console stores (an SMS account's reply number); a header or a short code stays as given.
 */
function receivingAddress(pdu: PDU): string {
  const to = String(pdu.destination_addr ?? "");
  return /^\d+$/.test(to) && (pdu.dest_addr_ton === 1 || to.length >= 10) ? `+${to}` : to;
}

/** An alphanumeric header (a DLT header, "JMSHOP") is TON 5; a number is international (TON 1, NPI 1). */
function sourceAddress(from: string): PduFields {
  if (/^\+?\d+$/.test(from)) return { source_addr: from.replace(/^\+/, ""), source_addr_ton: 1, source_addr_npi: 1 };
  return { source_addr: from, source_addr_ton: 5, source_addr_npi: 0 };
}

function textOf(message: OutboundMessage): string | null {
  const c = message.content;
  if (c.kind === "text") return c.text;
  if (c.kind === "media") return [c.caption, c.mediaUrl].filter(Boolean).join(" ");
  return null;
}

export interface SmppTimings {
  responseTimeoutMs: number;
  bindTimeoutMs: number;
  enquireLinkMs: number;
  rebindInitialMs: number;
  rebindMaxMs: number;
}

export const DEFAULT_TIMINGS: SmppTimings = {
  responseTimeoutMs: 10_000,
  bindTimeoutMs: 10_000,
  enquireLinkMs: 30_000,
  rebindInitialMs: 1_000,
  rebindMaxMs: 60_000,
};

export interface SmppOptions {
  /** CARRIER_ALLOW_PRIVATE: the SMSC may be on a private, loopback or link-local address. */
  allowPrivate: boolean;
  timings?: SmppTimings;
  /**
   * Where unanswered submits outlive the process (the database's, server/services/carrier-channels/smpp-unanswered.ts);
   * in memory without one.
   */
  unanswered?: UnansweredStore;
}

export function createSmppAdapter(
  connection: ChannelConnection,
  health: ChannelHealth,
  options: SmppOptions,
): ChannelAdapter {
  const timings = options.timings ?? DEFAULT_TIMINGS;
  const channel: SmppChannel = smppChannelOf(connection);
  const listeners = new Set<(event: CarrierEvent) => void>();
  const emit = (event: CarrierEvent) => emitToAll(listeners, event);
  // Receipts are acknowledged at once (the listeners batch them in memory): nothing waits, a failure was logged there.
  const tell = (event: CarrierEvent) => void emit(event).catch(() => undefined);
  const firstPartOf = new Map<string, string>();
  let reference = Math.floor(Math.random() * 256);

  const linkOptions: LinkOptions = {
    host: channel.host,
    port: channel.port,
    systemId: channel.systemId,
    password: channel.password,
    window: channel.window,
    ...(channel.systemType ? { systemType: channel.systemType } : {}),
    ...timings,
    allowPrivate: options.allowPrivate,
  };
  /** The address refused (a channel saved while private addresses were allowed, or a name now resolving to one). */
  const addressRefused = (reason: string) => `SMS channel disconnected: ${reason}`;
  const link = openLink(linkOptions, {
    bound: () => health.success(),
    bindRefused: (status, behaviour) =>
      health.failure({ code: statusCode(status), message: behaviour.reason, disconnect: behaviour.disconnect }),
    dropped: (reason) => health.failure({ code: "bind", message: `The SMPP bind dropped (${reason}); rebinding` }),
    deliver: (pdu) => onDeliver(pdu),
    // Nothing was connected and no rebind follows: the channel stops sending until its address or the setting changes.
    addressRefused: (reason) =>
      health.failure({ code: ADDRESS_REFUSED, message: addressRefused(reason), disconnect: true }),
  });

  function remember(part: string, first: string): void {
    firstPartOf.set(part, first);
    if (firstPartOf.size > PART_MEMORY) firstPartOf.delete(firstPartOf.keys().next().value as string);
  }

  /** A receipt passed on by the SMSC's id (the recipient whose send it answered has that id). */
  function pass(receipt: IncomingReceipt): void {
    const first = firstPartOf.get(receipt.id);
    // A later part's receipt matters only when that part failed: the message did not arrive whole.
    if (first && first !== receipt.id && receipt.status !== "failed") return;
    tell({
      type: "receipt",
      providerMessageId: first ?? receipt.id,
      status: receipt.status,
      ...(receipt.status === "failed" ? { code: receipt.stat, reason: receipt.reason } : {}),
      at: receipt.at,
    });
  }
  const unanswered = unansweredBook({
    channelId: connection.id,
    store: options.unanswered ?? memoryUnansweredStore(),
    emit: tell,
    pass,
  });

  /** A deliver_sm: a receipt (answered at once) or a customer's message (answered once stored). */
  async function onDeliver(pdu: PDU): Promise<void> {
    const parsed = parseReceipt(pdu);
    const at = new Date();
    if (parsed) {
      const receipt: IncomingReceipt = {
        ...parsed,
        source: String(pdu.source_addr ?? ""),
        destination: String(pdu.destination_addr ?? ""),
        at,
      };
      if (firstPartOf.has(receipt.id)) return pass(receipt);
      // The store unreadable: passed by its id, as if nothing unanswered fitted.
      void unanswered.take(receipt).then(
        (took) => took || pass(receipt),
        () => pass(receipt),
      );
      return;
    }
    const from = String(pdu.source_addr ?? "");
    // channelId: the inbox answers the number it was written to through this bind (services/chats/reply-routes.ts).
    await emit({
      type: "inbound",
      channel: "sms",
      from: /^\d+$/.test(from) ? `+${from}` : from,
      to: receivingAddress(pdu),
      text: messageText(pdu.short_message),
      at,
      channelId: connection.id,
    });
  }

  function refusal(status: number): SendResult {
    const behaviour = behaviourOfStatus(status);
    health.failure({
      code: statusCode(status),
      message: behaviour.reason,
      ...(behaviour.disconnect ? { disconnect: true } : {}),
    });
    return {
      accepted: false,
      code: statusCode(status),
      reason: behaviour.reason,
      retryable: behaviour.retryable,
      ...(behaviour.retry ? { retry: behaviour.retry } : {}),
      ...(behaviour.retryAfterMs ? { retryAfterMs: behaviour.retryAfterMs } : {}),
    };
  }

  async function send(message: OutboundMessage): Promise<SendResult> {
    if (channel.disconnected)
      return { accepted: false, code: "disconnected", reason: channel.disconnected, retryable: true, retry: "channel" };
    const text = textOf(message);
    if (text === null)
      return {
        accepted: false,
        code: "unsupported",
        reason: `SMS carries text only, not a ${message.content.kind} message`,
        retryable: false,
      };
    const { dataCoding, parts } = segment(text);
    reference = (reference + 1) % 256;
    // DLT: the channel's entity id, and the template id the message was filled from (content.dltTemplateId).
    const templateId = message.content.kind === "text" ? message.content.dltTemplateId : undefined;
    const dlt = channel.dlt
      ? {
          [tlvName(channel.dlt.entityIdTag)]: channel.dlt.entityId,
          ...(templateId ? { [tlvName(channel.dlt.templateIdTag)]: templateId } : {}),
        }
      : {};
    const ids: string[] = [];
    const submit: Submit = {
      messageId: message.id,
      to: message.to.replace(/^\+/, ""),
      from: String(sourceAddress(message.from).source_addr),
      text: parts[0],
      parts: parts.length,
    };
    for (let i = 0; i < parts.length; i++) {
      const fields: PduFields = {
        ...sourceAddress(message.from),
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        destination_addr: message.to.replace(/^\+/, ""),
        registered_delivery: 1,
        data_coding: dataCoding,
        esm_class: parts.length > 1 ? ESM_UDHI : 0,
        short_message:
          parts.length > 1 ? { udh: concatenationHeader(reference, parts.length, i), message: parts[i] } : parts[i],
        ...dlt,
      };
      const pending = i === 0 ? unanswered.submitting(submit) : undefined;
      // Only the first part may be withdrawn (message.signal): once it is out, the rest must follow.
      const outcome = await link.submit(fields, i === 0 ? message.signal : undefined);
      if (outcome.kind === "withdrawn") {
        pending?.answered();
        return {
          accepted: false,
          code: WITHDRAWN,
          reason: "Withdrawn before it was written to the SMSC",
          retryable: true,
          retry: "recipient",
        };
      }
      if (outcome.kind === "lost") pending?.lost();
      else if (outcome.kind === "answered" && outcome.pdu.command_status === STATUS.ESME_ROK)
        pending?.answered(String(outcome.pdu.message_id ?? ""));
      else pending?.answered();
      // A later part unanswered or unsent: the message cannot arrive whole; its first part's receipt settles it.
      if (i > 0 && outcome.kind !== "answered")
        unanswered.incomplete(
          submit,
          ids[0],
          `Part ${i + 1} of ${parts.length} was not ${outcome.kind === "lost" ? "answered by the SMSC" : "sent"}, nor the parts after it`,
        );
      if (outcome.kind === "bind-refused") return refusal(outcome.status);
      if (outcome.kind === "address-refused") {
        if (i === 0)
          return {
            accepted: false,
            code: ADDRESS_REFUSED,
            reason: addressRefused(outcome.reason),
            retryable: true,
            retry: "channel",
          };
        throw new Error(`Part ${i + 1} of ${parts.length} was not sent: ${outcome.reason}`);
      }
      if (outcome.kind === "not-sent") {
        if (i === 0) {
          health.failure({ code: "bind", message: outcome.reason });
          return {
            accepted: false,
            code: "bind",
            reason: outcome.reason,
            retryable: true,
            retry: "sender",
            retryAfterMs: 1_000,
          };
        }
        // Earlier parts went out: the message cannot be sent again whole without sending them twice.
        throw new Error(`Part ${i + 1} of ${parts.length} was not sent: ${outcome.reason}`);
      }
      if (outcome.kind === "lost") {
        health.failure({ code: "timeout", message: outcome.reason });
        // Outcome unknown: the caller marks it so and never re-sends it blindly.
        throw new Error(outcome.reason);
      }
      const pdu = outcome.pdu;
      if (pdu.command_status !== STATUS.ESME_ROK) {
        if (i === 0) return refusal(pdu.command_status);
        const id = ids[0];
        const result = refusal(pdu.command_status);
        // The first parts are out; the message stands accepted and fails at once with the reason.
        queueMicrotask(() =>
          tell({
            type: "receipt",
            providerMessageId: id,
            status: "failed",
            code: statusCode(pdu.command_status),
            reason: `Part ${i + 1} of ${parts.length} was refused: ${result.accepted ? "" : result.reason}`,
            at: new Date(),
          }),
        );
        return { accepted: true, providerMessageId: id };
      }
      const id = String(pdu.message_id ?? "");
      ids.push(id);
      if (i > 0) remember(id, ids[0]);
    }
    health.sent();
    return { accepted: true, providerMessageId: ids[0] };
  }

  const notSms = (what: string) => Promise.reject(new Error(`An SMPP channel does not ${what}`));

  return {
    name: SMPP,
    idempotentSends: false,
    channelId: connection.id,
    profile: {
      idempotentSends: false,
      perSecond: channel.messagesPerSecond,
      ...(channel.dlt ? { dltTemplates: true } : {}),
    },
    send,
    submitTemplate: () => notSms("review templates (DLT templates are registered at the operator's portal)"),
    templateStatus: () => notSms("review templates"),
    uploadMedia: () => notSms("carry media"),
    checkCapability: async () => ({ capable: false, reason: "unknown" }),
    onboardWhatsApp: () => notSms("onboard WhatsApp"),
    registerRcsBot: () => notSms("register RCS bots"),
    rcsLaunchState: () => notSms("know RCS launch states"),
    // The channel's own bind (a second one could be refused, ESME_RALYBND, or take receipts it would drop), and an
    // enquire_link round trip on it, so a bind that looks up but no longer answers fails the test.
    testConnection: async (): Promise<ConnectionCheck> => {
      const ready = await link.ready();
      if (ready.ok) {
        if (!(await link.enquire()))
          return {
            ok: false,
            code: "enquire_link",
            message: `The SMSC at ${channel.host}:${channel.port} did not answer enquire_link within ${timings.responseTimeoutMs} ms`,
            auth: false,
          };
        return { ok: true, name: `SMSC ${channel.host}:${channel.port} as ${channel.systemId}`, phoneNumbers: [] };
      }
      if (ready.status === null)
        return { ok: false, code: ready.addressRefused ? ADDRESS_REFUSED : "bind", message: ready.reason, auth: false };
      return {
        ok: false,
        code: statusCode(ready.status),
        message: ready.behaviour.reason,
        auth: ready.behaviour.disconnect,
      };
    },
    // Receipts and inbound messages come over the bind, not over HTTP.
    webhook: async () => ({ status: 404, body: "SMPP channels take receipts over their bind" }),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await unanswered.close();
      await link.close();
    },
  };
}

export function smppProvider(options: SmppOptions): CarrierProvider {
  return {
    id: SMPP,
    channel: "sms",
    create: (connection, { health }) => createSmppAdapter(connection, health, options),
  };
}
