// The fate of one message, decided up front from the seed and the message id alone: refused or accepted, which
// receipts follow after which delays, and whether the recipient replies. Pure, so tests can count outcomes over
// thousands of ids without timers, and the same id gets the same fate in every run with the same seed.
import { createHash } from "node:crypto";
import { LINK_CODE_LENGTH, LINK_PATH } from "../../../contract/domain/links";
import { behaviourOfE164, toE164 } from "../../../contract/domain/sandbox-numbers";
import type { Capability, Channel, OutboundMessage, ReceiptStatus } from "../carrier";
import { reachability } from "./capability";
import type { SandboxConfig } from "./config";
import type { DelayRange } from "./message-config";
import { failureCodes, SUBMIT_ERRORS, type ProviderError } from "./provider-errors";
import { draw, drawInt } from "./random";
import { REPLY_TEXTS } from "./reply-texts";

export type PlannedStep =
  | { afterMs: number; kind: "receipt"; status: ReceiptStatus; code?: string; reason?: string }
  | { afterMs: number; kind: "reply"; text: string }
  /** The recipient opens a tracked short link: a link preview fetches it first, then the person. */
  | { afterMs: number; kind: "click"; url: string };

export type SendPlan =
  | { accepted: false; code: string; reason: string; retryable: false }
  /** `recipient` is `to` in E.164 (the sender of a reply); `steps` run one after another, each `afterMs` later. */
  | { accepted: true; providerMessageId: string; recipient: string; steps: PlannedStep[] };

type Outcome = "delivered" | "failed" | "unconfirmed";

interface Fate {
  outcome: Outcome;
  read: boolean;
  reply: boolean;
}

/** The provider's id for our message id: derived, not stored, so it is the same after a restart too. */
export function providerMessageId(seed: string, channel: Channel, id: string): string {
  const digest = createHash("sha256").update(`${seed}\u0000provider-id:${id}`).digest();
  if (channel === "whatsapp") return `wamid.${digest.toString("base64url")}`;
  const hex = digest.toString("hex");
  if (channel === "sms") return hex.slice(0, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function refusal(channel: Channel, capability: Exclude<Capability, { capable: true }>): ProviderError {
  if (capability.reason === "unknown") return SUBMIT_ERRORS[channel].invalidRecipient;
  if (channel === "rcs")
    return capability.reason === "not-launched-on-carrier"
      ? SUBMIT_ERRORS.rcs.notLaunched
      : SUBMIT_ERRORS.rcs.notOnChannel;
  return SUBMIT_ERRORS.whatsapp.notOnChannel;
}

/** Seeded fate of an ordinary number: outcome by the configured shares, then read and reply among delivered ones. */
function drawnFate(config: SandboxConfig, id: string, readable: boolean): Fate {
  const { deliveredPercent, failedPercent, readPercent, replyPercent } = config.messages;
  const roll = draw(config.seed, `${id}:outcome`) * 100;
  const outcome: Outcome =
    roll < deliveredPercent ? "delivered" : roll < deliveredPercent + failedPercent ? "failed" : "unconfirmed";
  if (outcome !== "delivered") return { outcome, read: false, reply: false };
  const reply = draw(config.seed, `${id}:reply`) * 100 < replyPercent;
  // Whoever replies has read the message; the others are read at the rate that makes the total come out at readPercent.
  const readOfRest = replyPercent >= 100 ? 0 : Math.max(0, (readPercent - replyPercent) / (100 - replyPercent));
  const read = readable && (reply || draw(config.seed, `${id}:read`) < readOfRest);
  return { outcome, read, reply };
}

function fateOf(config: SandboxConfig, message: OutboundMessage, e164: string | undefined): Fate {
  const readable = message.channel !== "sms";
  switch (e164 ? behaviourOfE164(e164) : undefined) {
    case "always-delivered":
      return { outcome: "delivered", read: false, reply: false };
    case "always-fails":
      return { outcome: "failed", read: false, reply: false };
    case "always-read":
      return { outcome: "delivered", read: readable, reply: false };
    case "always-replies":
      return { outcome: "delivered", read: readable, reply: true };
    case "never-confirmed":
      return { outcome: "unconfirmed", read: false, reply: false };
    case "not-on-whatsapp":
    case "not-rcs-capable":
    case "rcs-not-launched":
      // Refused on their own channel (see capability.ts); on every other channel delivered, so the outcome of a
      // fallback to it is known too (drawn, one in ten such tests would see it fail or never confirm).
      return { outcome: "delivered", read: false, reply: false };
    default:
      return drawnFate(config, message.id, readable);
  }
}

/** A short link as contract/domain/links.ts shapes it: an origin, LINK_PATH and a code. */
const SHORT_LINK = new RegExp(`https?://[^\\s"/]+${LINK_PATH}[0-9A-Za-z]{${LINK_CODE_LENGTH}}\\b`);

/** The first tracked short link anywhere in a message's content (text, RCS suggestions…). */
function shortLinkIn(content: OutboundMessage["content"]): string | undefined {
  return SHORT_LINK.exec(JSON.stringify(content))?.[0];
}

export function planMessage(config: SandboxConfig, message: OutboundMessage): SendPlan {
  // Parsed once: each parse costs more than the rest of the plan.
  const e164 = toE164(message.to);
  const capability = reachability(config, message.channel, message.to, e164);
  if (!capability.capable) return { accepted: false, ...refusal(message.channel, capability), retryable: false };
  const { seed } = config;
  const { id } = message;
  const ms = (what: string, range: DelayRange) => drawInt(seed, `${id}:${what}-ms`, range.min, range.max);
  const fate = fateOf(config, message, e164);
  const steps: PlannedStep[] = [{ afterMs: ms("sent", config.messages.sentMs), kind: "receipt", status: "sent" }];
  const deliveryMs = ms("delivery", config.messages.deliveryMs);
  if (fate.outcome === "failed") {
    const codes = failureCodes(message.channel, message.content);
    const error = codes[Math.floor(draw(seed, `${id}:failure-code`) * codes.length)];
    steps.push({ afterMs: deliveryMs, kind: "receipt", status: "failed", ...error });
  }
  if (fate.outcome === "delivered") {
    steps.push({ afterMs: deliveryMs, kind: "receipt", status: "delivered" });
    const replyMs = fate.reply ? ms("reply", config.messages.replyMs) : 0;
    // A reply comes after the read receipt, never before it.
    const readMs = fate.reply
      ? Math.min(ms("read", config.messages.readMs), replyMs)
      : ms("read", config.messages.readMs);
    if (fate.read) steps.push({ afterMs: readMs, kind: "receipt", status: "read" });
    if (fate.reply) {
      const text = REPLY_TEXTS[Math.floor(draw(seed, `${id}:reply-text`) * REPLY_TEXTS.length)];
      steps.push({ afterMs: fate.read ? replyMs - readMs : replyMs, kind: "reply", text });
    }
    const link = shortLinkIn(message.content);
    if (link && draw(seed, `${id}:click`) * 100 < config.messages.clickPercent)
      steps.push({ afterMs: ms("click", config.messages.clickMs), kind: "click", url: link });
  }
  return {
    accepted: true,
    providerMessageId: providerMessageId(seed, message.channel, id),
    recipient: e164 ?? message.to,
    steps,
  };
}
