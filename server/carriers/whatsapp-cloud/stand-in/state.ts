// The stand-in's Meta: apps, WABAs with their numbers and templates, system-user tokens, and the rules a send meets
// (throughput per number, the business-user pair limit, the 24-hour window, numbers not on WhatsApp). No HTTP here:
// server.ts answers requests from this, webhook-sender.ts carries what it announces.
import { createHash } from "node:crypto";
import { createRateLimiter } from "../../sandbox/rate-limiter";
import {
  DOC_DISPLAY_PHONE_NUMBER,
  DOC_PHONE_NUMBER_ID,
  DOC_VERIFIED_NAME,
  DOC_WABA_ID,
  type DocErrorCode,
} from "./fixtures";

export interface StandInPhone {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: "GREEN" | "YELLOW" | "RED" | "UNKNOWN";
}

export interface StandInTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED";
  rejected_reason: string;
  components: unknown[];
}

export interface StandInWaba {
  id: string;
  name: string;
  phoneNumbers: StandInPhone[];
  templates: StandInTemplate[];
  /** Set by POST /{waba-id}/subscribed_apps: Meta sends this WABA's webhooks there (Embedded Signup's override). */
  override?: { url: string; verifyToken: string };
  /** Numbers registered for Cloud API (POST /{phone-number-id}/register), with their PINs. */
  registered: Map<string, string>;
}

export interface StandInBehaviour {
  /** Messages per second per phone number (Meta's default 80; beyond: 130429). */
  messagesPerSecond: number;
  /** The business-user pair limit: at most `count` messages to one user within `windowMs` (beyond: 131056). */
  pairLimit: { count: number; windowMs: number };
  /** Submit → sent → delivered → read, ms between webhooks. */
  delays: { sentMs: number; deliveredMs: number; readMs: number };
  readReceipts: boolean;
  /** Template review: the verdict webhook after this long. */
  reviewMs: number;
  /** Recipients (digits) that are not on WhatsApp: accepted, then a failed status with 131026. */
  notOnWhatsApp: Set<string>;
  /** Recipients (digits) who stopped marketing messages: a MARKETING template is accepted, then fails with 131050. */
  stoppedMarketing: Set<string>;
}

/** A send the stand-in accepted: what the webhooks of its life will say. */
export interface AcceptedMessage {
  wamid: string;
  wabaId: string;
  phone: StandInPhone;
  to: string;
  payload: Record<string, unknown>;
  /** Why it will fail after being accepted (131026, 131047, 131050), or undefined when it will be delivered. */
  failure?: DocErrorCode;
}

export const DEFAULT_APP = { id: "236484624622562", secret: "614fc2afde15eee07a26b2fe3eaee9b9" } as const;
export const DEFAULT_TOKEN = "EAAJB-stand-in-system-user-token-0001";

export function defaultWaba(): StandInWaba {
  return {
    id: DOC_WABA_ID,
    name: "Jaspers Market WABA",
    phoneNumbers: [
      {
        id: DOC_PHONE_NUMBER_ID,
        display_phone_number: `+1 ${DOC_DISPLAY_PHONE_NUMBER.slice(1, 4)}-${DOC_DISPLAY_PHONE_NUMBER.slice(4, 7)}-${DOC_DISPLAY_PHONE_NUMBER.slice(7)}`,
        verified_name: DOC_VERIFIED_NAME,
        quality_rating: "GREEN",
      },
    ],
    templates: [],
    registered: new Map(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class StandInState {
  readonly wabas = new Map<string, StandInWaba>();
  /** token → the WABAs it may use. */
  readonly tokens = new Map<string, Set<string>>();
  /** Embedded Signup codes → the WABA they share. */
  readonly signupCodes = new Map<string, string>();
  /** (phone number id, user) → the user's last message: the 24-hour customer service window. */
  readonly lastInbound = new Map<string, number>();
  /** Scripted answers, per recipient: the next send to it is refused with this code at once. */
  readonly scripted = new Map<string, DocErrorCode[]>();
  readonly uploads = new Map<string, { type: string; length: number }>();
  /** Message media by id: uploaded by the business or sent by a customer; `expiresAt` of its download URL. */
  readonly media = new Map<string, { type: string; bytes: number; data: Buffer; sha256: string }>();
  /** Every accepted send, in order (tests count them). */
  readonly accepted: AcceptedMessage[] = [];
  private readonly pairs = new Map<string, number[]>();
  private readonly limiter = createRateLimiter();
  private counter = 0;

  constructor(
    readonly app: { id: string; secret: string },
    readonly behaviour: StandInBehaviour,
    wabas: StandInWaba[],
    tokens: Record<string, string[]>,
  ) {
    for (const waba of wabas) this.wabas.set(waba.id, waba);
    for (const [token, ids] of Object.entries(tokens)) this.tokens.set(token, new Set(ids));
  }

  /** Keeps a media file (an upload, or a customer's) and answers its id. */
  storeMedia(type: string, data: Buffer): string {
    const id = this.nextId("object");
    this.media.set(id, { type, bytes: data.length, data, sha256: createHash("sha256").update(data).digest("base64") });
    return id;
  }

  /** A fresh Meta-looking id: digits for objects, wamid.… for messages. */
  nextId(kind: "object" | "wamid" | "upload"): string {
    this.counter += 1;
    const digest = createHash("sha256").update(`${kind}:${this.counter}:${process.pid}`).digest();
    if (kind === "wamid") return `wamid.HBgL${digest.toString("base64url").slice(0, 40)}`;
    if (kind === "upload") return `upload:${digest.toString("base64url").slice(0, 32)}`;
    // 16 digits like Meta's ids: 10^15 plus a value below 8 × 10^15 (parenthesised: `%` binds as tightly as `*`, and
    // without them there were only nine ids, so templates collided). Below 2^53 (about 9.007 × 10^15), as Meta's ids
    // are so far: its webhooks write message_template_id as a JSON number, and a larger one would not survive
    // JSON.stringify here (with 9 × 10^15 about one id in nine came back as another, and a verdict was lost).
    return String(10n ** 15n + (BigInt(`0x${digest.toString("hex").slice(0, 14)}`) % (8n * 10n ** 15n)));
  }

  wabaOfPhone(phoneNumberId: string): { waba: StandInWaba; phone: StandInPhone } | undefined {
    for (const waba of this.wabas.values()) {
      const phone = waba.phoneNumbers.find((p) => p.id === phoneNumberId);
      if (phone) return { waba, phone };
    }
    return undefined;
  }

  templateById(id: string): { waba: StandInWaba; template: StandInTemplate } | undefined {
    for (const waba of this.wabas.values()) {
      const template = waba.templates.find((t) => t.id === id);
      if (template) return { waba, template };
    }
    return undefined;
  }

  mayUse(token: string | undefined, wabaId: string): boolean {
    return token !== undefined && (this.tokens.get(token)?.has(wabaId) ?? false);
  }

  /** Over Meta's throughput for this number? (130429) */
  throttled(phoneNumberId: string): boolean {
    return !this.limiter.take(phoneNumberId, this.behaviour.messagesPerSecond);
  }

  /** Over the pair limit to this user? (131056) Counts the send when it is not. */
  pairLimited(phoneNumberId: string, to: string, now = Date.now()): boolean {
    const key = `${phoneNumberId}:${to}`;
    const { count, windowMs } = this.behaviour.pairLimit;
    const recent = (this.pairs.get(key) ?? []).filter((t) => now - t < windowMs);
    if (recent.length >= count) {
      this.pairs.set(key, recent);
      return true;
    }
    recent.push(now);
    this.pairs.set(key, recent);
    return false;
  }

  windowOpen(phoneNumberId: string, user: string, now = Date.now()): boolean {
    const last = this.lastInbound.get(`${phoneNumberId}:${user}`);
    return last !== undefined && now - last < DAY_MS;
  }

  noteInbound(phoneNumberId: string, user: string, at = Date.now()): void {
    this.lastInbound.set(`${phoneNumberId}:${user}`, at);
  }

  takeScripted(to: string): DocErrorCode | undefined {
    const queue = this.scripted.get(to);
    const code = queue?.shift();
    if (queue && queue.length === 0) this.scripted.delete(to);
    return code;
  }
}

/** Another WABA with one number, for tests that need several accounts at the stand-in. */
export function standInWaba(
  id: string,
  phoneNumberId: string,
  displayPhoneNumber: string,
  verifiedName = `Business ${id.slice(-4)}`,
): StandInWaba {
  return {
    id,
    name: `${verifiedName} WABA`,
    phoneNumbers: [
      {
        id: phoneNumberId,
        display_phone_number: displayPhoneNumber,
        verified_name: verifiedName,
        quality_rating: "GREEN",
      },
    ],
    templates: [],
    registered: new Map(),
  };
}
