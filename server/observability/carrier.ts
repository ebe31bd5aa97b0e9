// The carrier as the server sees it: every call counted (messages_total, carrier_errors_total, the send latency) and
// logged with the request id of the work that made it (context.ts). Lines carry ids, channels, outcomes and codes,
// never a message's content or a recipient's number: those stay out of the log at every level.
import type { FastifyBaseLogger } from "fastify";
import type { Carrier, CarrierEvent, Channel } from "../carriers/carrier";
import { currentRequestId } from "./context";
import type { Metrics } from "./metrics";

/**
 * How many recent message ids remember their channel, so a receipt is counted under it (a FIFO, like the sandbox's).
 */
const REMEMBER = 100_000;

export function instrumentCarrier<C extends Carrier>(carrier: C, metrics: Metrics, log: FastifyBaseLogger): C {
  const channels = new Map<string, Channel>();
  const remember = (id: string, channel: Channel) => {
    channels.set(id, channel);
    if (channels.size > REMEMBER) {
      const oldest = channels.keys().next().value;
      if (oldest !== undefined) channels.delete(oldest);
    }
  };
  const count = (event: CarrierEvent) => {
    if (event.type === "inbound") metrics.messages.inc({ channel: event.channel, state: "inbound" });
    else if (event.type === "receipt") {
      const channel = (event.messageId && channels.get(event.messageId)) || "unknown";
      metrics.messages.inc({ channel, state: event.status });
      if (event.status === "failed") metrics.carrierErrors.inc({ channel, code: event.code ?? "failed" });
    }
  };
  // Counted once per event, however many listeners the server has.
  carrier.onEvent(count);
  async function send(message: Parameters<Carrier["send"]>[0]): ReturnType<Carrier["send"]> {
    const started = performance.now();
    const line = { reqId: currentRequestId(), carrier: carrier.name, channel: message.channel, messageId: message.id };
    try {
      const result = await carrier.send(message);
      const ms = performance.now() - started;
      metrics.carrierSendSeconds.observe({ channel: message.channel }, ms / 1000);
      if (result.accepted) {
        remember(message.id, message.channel);
        metrics.messages.inc({ channel: message.channel, state: "accepted" });
        log.debug({ ...line, outcome: "accepted", ms: Math.round(ms) }, "carrier send");
      } else {
        metrics.messages.inc({ channel: message.channel, state: "refused" });
        metrics.carrierErrors.inc({ channel: message.channel, code: result.code });
        log.debug(
          { ...line, outcome: "refused", code: result.code, retryable: result.retryable, ms: Math.round(ms) },
          "carrier send refused",
        );
      }
      return result;
    } catch (err) {
      metrics.messages.inc({ channel: message.channel, state: "error" });
      metrics.carrierErrors.inc({ channel: message.channel, code: "exception" });
      log.warn({ ...line, outcome: "error", err }, "carrier send failed");
      throw err;
    }
  }
  // Everything else is the carrier's own (a router's invalidate and profiles included), with `this` the carrier.
  return new Proxy(carrier, {
    get(target, prop) {
      if (prop === "send") return send;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
