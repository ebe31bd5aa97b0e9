// Sending: POST /{phone-number-id}/messages with the system-user token. Meta takes no idempotency key, so the adapter
// declares idempotentSends false (a send whose answer is lost is never re-sent: the dispatcher's at-most-once rule)
// and remembers the ids it sent, so the same id handed to it twice in this process goes out once.
import type { OutboundMessage, SendResult } from "../carrier";
import type { CloudContext } from "./context";
import { disconnect } from "./context";
import { behaviourOf } from "./errors";
import { graph, GraphError } from "./graph";
import { messagePayload } from "./payloads";

interface SendAnswer {
  messaging_product: "whatsapp";
  contacts?: { input: string; wa_id: string }[];
  messages?: { id: string; message_status?: string }[];
}

interface SendMemory {
  /** Our id → Meta's wamid, oldest first (a Map keeps insertion order). */
  sent: Map<string, string>;
  inflight: Map<string, Promise<SendResult>>;
}

const memories = new WeakMap<CloudContext, SendMemory>();

function memoryOf(ctx: CloudContext): SendMemory {
  let memory = memories.get(ctx);
  if (!memory) {
    memory = { sent: new Map(), inflight: new Map() };
    memories.set(ctx, memory);
  }
  return memory;
}

async function post(ctx: CloudContext, message: OutboundMessage): Promise<SendResult> {
  let payload: Record<string, unknown>;
  try {
    payload = messagePayload(message);
  } catch (error) {
    return {
      accepted: false,
      code: "100",
      reason: error instanceof Error ? error.message : String(error),
      retryable: false,
    };
  }
  try {
    const answer = await graph<SendAnswer>(ctx.config, {
      method: "POST",
      path: `/${message.from}/messages`,
      token: ctx.channel.secrets.accessToken,
      json: payload,
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new Error("Graph API accepted the message without a message id");
    ctx.health.sent();
    return { accepted: true, providerMessageId: id };
  } catch (error) {
    if (!(error instanceof GraphError)) {
      ctx.health.failure({ code: "network", message: error instanceof Error ? error.message : String(error) });
      // No answer: the message may have gone out. The caller must not send it again blindly.
      throw error;
    }
    const behaviour = behaviourOf(error.code, error.message, error.details);
    if (behaviour.disconnect) disconnect(ctx, String(error.code), behaviour.reason);
    else ctx.health.failure({ code: String(error.code), message: behaviour.reason });
    return {
      accepted: false,
      code: String(error.code),
      reason: behaviour.reason,
      retryable: behaviour.retryable,
      ...(behaviour.retry ? { retry: behaviour.retry } : {}),
      ...(behaviour.retryAfterMs ? { retryAfterMs: behaviour.retryAfterMs } : {}),
    };
  }
}

export async function cloudSend(ctx: CloudContext, message: OutboundMessage): Promise<SendResult> {
  if (message.channel !== "whatsapp")
    return {
      accepted: false,
      code: "100",
      reason: `A WhatsApp channel cannot send ${message.channel} messages`,
      retryable: false,
    };
  if (ctx.disconnected)
    return { accepted: false, code: "190", reason: ctx.disconnected, retryable: true, retry: "channel" };
  const memory = memoryOf(ctx);
  const known = memory.sent.get(message.id);
  if (known) return { accepted: true, providerMessageId: known };
  const running = memory.inflight.get(message.id);
  if (running) return running;
  const task = post(ctx, message)
    .then((result) => {
      if (result.accepted) {
        memory.sent.set(message.id, result.providerMessageId);
        if (memory.sent.size > ctx.config.rememberIds) {
          const oldest = memory.sent.keys().next().value;
          if (oldest !== undefined) memory.sent.delete(oldest);
        }
      }
      return result;
    })
    .finally(() => memory.inflight.delete(message.id));
  memory.inflight.set(message.id, task);
  return task;
}
