// What the sandbox does with messages, from SANDBOX_* variables (docs/sandbox-carrier.md lists each with its default).
import type { Channel } from "../carrier";

export interface DelayRange {
  min: number;
  max: number;
}

export interface SandboxMessageConfig {
  /** Of accepted messages: percent delivered and percent failed; the rest are never confirmed. */
  deliveredPercent: number;
  failedPercent: number;
  /** Of delivered WhatsApp and RCS messages (SMS has no read receipts). */
  readPercent: number;
  /** Of delivered messages, on every channel. */
  replyPercent: number;
  /** Of delivered messages carrying a tracked short link (…/l/<code>): the share whose recipient opens it. */
  clickPercent: number;
  /** Of ordinary numbers (not in contract/domain/sandbox-numbers.ts), the share that is RCS-capable. */
  rcsCapablePercent: number;
  /** Submit → "sent"; "sent" → delivered or failed; delivered → read; delivered → reply. */
  sentMs: DelayRange;
  deliveryMs: DelayRange;
  readMs: DelayRange;
  replyMs: DelayRange;
  /** Delivered → the link opened (its preview fetched just before, as a messaging app does). */
  clickMs: DelayRange;
  /** Messages per second per sender, as the providers throttle (WhatsApp Cloud API: 80 by default). */
  perSecond: Record<Channel, number>;
  /** How many message ids the idempotency memory keeps (oldest forgotten first; empty after a restart). */
  rememberIds: number;
  /**
   * SANDBOX_SEND_LOG: a file where each newly accepted message id is appended (synchronously, before send answers)
   * and read back at start, so the idempotency memory outlives a restart like a real provider's and a test can count
   * what was really delivered. Several processes may share one file: an id this process does not know is looked up
   * in what the others appended, so together they answer like one provider.
   */
  sendLog?: string;
}

export const MESSAGE_DEFAULTS: SandboxMessageConfig = {
  deliveredPercent: 93,
  failedPercent: 4,
  readPercent: 40,
  replyPercent: 5,
  clickPercent: 20,
  rcsCapablePercent: 85,
  sentMs: { min: 100, max: 1000 },
  deliveryMs: { min: 1000, max: 5000 },
  readMs: { min: 2000, max: 20000 },
  replyMs: { min: 5000, max: 30000 },
  clickMs: { min: 2000, max: 20000 },
  perSecond: { whatsapp: 80, sms: 100, rcs: 100 },
  rememberIds: 100_000,
};

function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100)
    throw new Error(`${name} must be a percentage from 0 to 100, got "${raw}"`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function delay(env: NodeJS.ProcessEnv, name: string, fallback: DelayRange): DelayRange {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  // A regex rather than split("-"): "-5" would split into "" and "5", and Number("") is 0.
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(raw);
  const min = Number(match?.[1]);
  const max = Number(match?.[2] ?? match?.[1]);
  if (!match || max < min) throw new Error(`${name} must be "min-max" or one number, in ms, got "${raw}"`);
  return { min, max };
}

export function sandboxMessageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxMessageConfig {
  const d = MESSAGE_DEFAULTS;
  const config: SandboxMessageConfig = {
    deliveredPercent: percent(env, "SANDBOX_DELIVERED_PERCENT", d.deliveredPercent),
    failedPercent: percent(env, "SANDBOX_FAILED_PERCENT", d.failedPercent),
    readPercent: percent(env, "SANDBOX_READ_PERCENT", d.readPercent),
    replyPercent: percent(env, "SANDBOX_REPLY_PERCENT", d.replyPercent),
    clickPercent: percent(env, "SANDBOX_CLICK_PERCENT", d.clickPercent),
    rcsCapablePercent: percent(env, "SANDBOX_RCS_CAPABLE_PERCENT", d.rcsCapablePercent),
    sentMs: delay(env, "SANDBOX_SENT_MS", d.sentMs),
    deliveryMs: delay(env, "SANDBOX_DELIVERY_MS", d.deliveryMs),
    readMs: delay(env, "SANDBOX_READ_MS", d.readMs),
    replyMs: delay(env, "SANDBOX_REPLY_MS", d.replyMs),
    clickMs: delay(env, "SANDBOX_CLICK_MS", d.clickMs),
    perSecond: {
      whatsapp: positiveInt(env, "SANDBOX_WHATSAPP_MPS", d.perSecond.whatsapp),
      sms: positiveInt(env, "SANDBOX_SMS_MPS", d.perSecond.sms),
      rcs: positiveInt(env, "SANDBOX_RCS_MPS", d.perSecond.rcs),
    },
    rememberIds: positiveInt(env, "SANDBOX_REMEMBER_IDS", d.rememberIds),
    ...(env.SANDBOX_SEND_LOG ? { sendLog: env.SANDBOX_SEND_LOG } : {}),
  };
  if (config.deliveredPercent + config.failedPercent > 100) {
    throw new Error(
      `SANDBOX_DELIVERED_PERCENT + SANDBOX_FAILED_PERCENT must be at most 100 (the rest is never confirmed), got ${config.deliveredPercent} + ${config.failedPercent}`,
    );
  }
  return config;
}
