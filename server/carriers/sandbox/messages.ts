import { appendFileSync, closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { CarrierEvent, OutboundMessage, SendResult } from "../carrier";
import type { SandboxContext } from "./context";
import { planMessage, type PlannedStep, type SendPlan } from "./message-plan";
import { SUBMIT_ERRORS } from "./provider-errors";
import { createRateLimiter, type RateLimiter } from "./rate-limiter";

interface MessageState {
  /**
   * Message id → provider id of accepted messages, oldest first (a Map keeps insertion order): the idempotency memory.
   */
  accepted: Map<string, string>;
  limiter: RateLimiter;
  /** How far the send log has been read, and a line not yet ended there. */
  logRead: { offset: number; partial: string };
}

// One state per carrier instance, found from its context, so the wiring in index.ts stays the same for every concern.
const states = new WeakMap<SandboxContext, MessageState>();

/**
 * Reads what was appended to the send log since the last read: at start everything, later what other processes
 * sharing the file accepted. Several server processes on one PostgreSQL are then one provider, as a real one is: a
 * recipient claimed again after its process died is answered from the log, not delivered twice.
 */
function readLog(log: string, state: MessageState): void {
  let fd: number;
  try {
    fd = openSync(log, "r");
  } catch {
    return;
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= state.logRead.offset) return;
    const buffer = Buffer.alloc(size - state.logRead.offset);
    const read = readSync(fd, buffer, 0, buffer.length, state.logRead.offset);
    state.logRead.offset += read;
    const lines = (state.logRead.partial + buffer.subarray(0, read).toString("utf8")).split("\n");
    state.logRead.partial = lines.pop() ?? "";
    for (const line of lines) {
      const [id, providerId] = line.split(" ");
      if (id && providerId && !state.accepted.has(id)) state.accepted.set(id, providerId);
    }
  } finally {
    closeSync(fd);
  }
}

function stateOf(ctx: SandboxContext): MessageState {
  let state = states.get(ctx);
  if (!state) {
    state = { accepted: new Map(), limiter: createRateLimiter(), logRead: { offset: 0, partial: "" } };
    const log = ctx.config.messages.sendLog;
    if (log) readLog(log, state);
    states.set(ctx, state);
  }
  return state;
}

/** The provider id of an id already accepted (by this process, or by another one sharing the send log). */
function knownId(ctx: SandboxContext, state: MessageState, id: string): string | undefined {
  const known = state.accepted.get(id);
  if (known || !ctx.config.messages.sendLog) return known;
  readLog(ctx.config.messages.sendLog, state);
  return state.accepted.get(id);
}

function remember(ctx: SandboxContext, state: MessageState, id: string, providerMessageId: string): void {
  state.accepted.set(id, providerMessageId);
  if (ctx.config.messages.sendLog) appendFileSync(ctx.config.messages.sendLog, `${id} ${providerMessageId}\n`);
  if (state.accepted.size > ctx.config.messages.rememberIds) {
    const oldest = state.accepted.keys().next().value;
    if (oldest !== undefined) state.accepted.delete(oldest);
  }
}

/** What fetches a link before the person: each app's link preview, as it names itself. */
const PREVIEW_AGENTS: Record<OutboundMessage["channel"], string> = {
  whatsapp: "WhatsApp/2.23.20.0 A",
  sms: "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  rcs: "Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/)",
};
const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

/** The simulated phone opens a short link: its app's preview fetches it, then the person's browser (no redirect). */
async function openLink(channel: OutboundMessage["channel"], url: string): Promise<void> {
  for (const agent of [PREVIEW_AGENTS[channel], PHONE_AGENT])
    await fetch(url, { redirect: "manual", headers: { "user-agent": agent }, signal: AbortSignal.timeout(5_000) });
}

function eventOf(
  message: OutboundMessage,
  plan: Extract<SendPlan, { accepted: true }>,
  step: Exclude<PlannedStep, { kind: "click" }>,
): CarrierEvent {
  const at = new Date();
  if (step.kind === "reply")
    return {
      type: "inbound",
      channel: message.channel,
      from: plan.recipient,
      to: message.replyTo ?? message.from,
      text: step.text,
      at,
    };
  const { status, code, reason } = step;
  return {
    type: "receipt",
    providerMessageId: plan.providerMessageId,
    messageId: message.id,
    status,
    ...(code ? { code, reason } : {}),
    at,
  };
}

/** Each step waits for the one before, so receipts arrive in order whatever the delay ranges are. */
function play(
  ctx: SandboxContext,
  message: OutboundMessage,
  plan: Extract<SendPlan, { accepted: true }>,
  index = 0,
): void {
  const step = plan.steps[index];
  if (!step) return;
  ctx.later(step.afterMs, () => {
    // Nothing acknowledges a played receipt or reply: a listener that failed to store it has logged why. A link whose
    // domain does not lead here (a SHORT_LINK_URL not pointed at this server yet) is simply not opened.
    if (step.kind === "click") openLink(message.channel, step.url).catch(() => undefined);
    else ctx.emit(eventOf(message, plan, step)).catch(() => undefined);
    play(ctx, message, plan, index + 1);
  });
}

/**
 * Accepts or refuses at submit like the provider, then plays the message's receipts (and maybe a reply) over time.
 * The same message id sent again answers the first provider id and plays nothing more, while the id is remembered.
 */
export async function sandboxSend(ctx: SandboxContext, message: OutboundMessage): Promise<SendResult> {
  const state = stateOf(ctx);
  const known = knownId(ctx, state, message.id);
  if (known) {
    // Logged too, so a test sees the retry reached the provider and was not delivered a second time.
    if (ctx.config.messages.sendLog) appendFileSync(ctx.config.messages.sendLog, `${message.id} ${known} again\n`);
    return { accepted: true, providerMessageId: known };
  }
  if (!state.limiter.take(`${message.channel}:${message.from}`, ctx.config.messages.perSecond[message.channel])) {
    return { accepted: false, ...SUBMIT_ERRORS[message.channel].rateLimit, retryable: true };
  }
  const plan = planMessage(ctx.config, message);
  if (!plan.accepted) return plan;
  remember(ctx, state, message.id, plan.providerMessageId);
  play(ctx, message, plan);
  return { accepted: true, providerMessageId: plan.providerMessageId };
}
