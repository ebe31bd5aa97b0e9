// API keys, key configurations, the request log (UMS) and the public send API: the names, limits and rules both ends
// use. SPEC 7 names the calls and leaves the shapes open; these are ours.

import type { CampaignChannel } from "../constants";

/**
 * A key is `mc_live_<public id>_<secret>`. The prefix is what secret scanners (GitHub's, gitleaks) are told to look
 * for, so a leaked key is found; the public id names the key in lists and logs without revealing it; only a hash of
 * the secret is stored.
 */
export const API_KEY_PREFIX = "mc_live_";
/** 12 characters of [a-z0-9]: enough that two keys never share one, short enough to read aloud. */
export const API_KEY_PUBLIC_ID_LENGTH = 12;
export const API_KEY_PATTERN = /^mc_live_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/**
 * What a key may do. `templates:manage` covers the public templates call (the templates a key may send);
 * `contacts:manage` the contacts and consent calls (issue 39), which read and change people's data, so a key made
 * before it existed does not get it silently; `conversions:write` the conversions call (issue 41), so an order system's
 * key needs no right to send.
 */
export const API_SCOPES = [
  "messages:send",
  "reports:read",
  "templates:manage",
  "contacts:manage",
  "conversions:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "messages:send": "Send messages",
  "reports:read": "Read reports",
  "templates:manage": "Manage templates",
  "contacts:manage": "Manage contacts and consent",
  "conversions:write": "Report conversions",
};

export const API_KEY_STATUSES = ["active", "expired", "deactivated"] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** Choices for how long the old secret keeps working after a regeneration, in seconds (0: it stops at once). */
export const REGENERATE_GRACE_SECONDS = [0, 3600, 86_400, 604_800] as const;
export type RegenerateGrace = (typeof REGENERATE_GRACE_SECONDS)[number];
export const REGENERATE_GRACE_LABELS: Record<RegenerateGrace, string> = {
  0: "Immediately",
  3600: "After 1 hour",
  86_400: "After 24 hours",
  604_800: "After 7 days",
};

export const API_KEY_NAME_MAX = 80;
/** Keys an account may hold at once (deleted ones do not count). */
export const API_KEYS_PER_ACCOUNT_MAX = 50;

/** What applies to a key without a configuration of its own or of its account. */
export const DEFAULT_KEY_LIMITS = { perSecond: 50, perDay: 100_000 } as const;
export const RATE_PER_SECOND_MAX = 10_000;
export const RATE_PER_DAY_MAX = 100_000_000;
export const IP_ALLOW_LIST_MAX = 100;

/** The public API: messages per batch request, and how long an Idempotency-Key is remembered. */
export const PUBLIC_BATCH_MAX = 1000;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;
/** What an Idempotency-Key may hold (after trimming): visible ASCII. */
export const IDEMPOTENCY_KEY_PATTERN = "^[\\x21-\\x7e]+$";

/**
 * The public API's own headers, as sent: a client's Idempotency-Key makes a send safe to retry, an answer replayed
 * from an earlier request under the same key carries `idempotent-replayed: true`, and a 429 says when to come back.
 */
export const PUBLIC_API_HEADERS = {
  idempotencyKey: "Idempotency-Key",
  replayed: "idempotent-replayed",
  retryAfter: "Retry-After",
} as const;

/** A fallback chain only ever moves down this order: RCS first, then WhatsApp, then SMS. */
export const FALLBACK_ORDER: readonly CampaignChannel[] = ["rcs", "whatsapp", "sms"];

/** Why a chain of channels (the first channel and its fallbacks) is not allowed, or null. */
export function fallbackChainProblem(channels: readonly CampaignChannel[]): string | null {
  for (let i = 1; i < channels.length; i++) {
    if (FALLBACK_ORDER.indexOf(channels[i]) <= FALLBACK_ORDER.indexOf(channels[i - 1])) {
      return `A fallback goes down the chain rcs → whatsapp → sms; ${channels[i]} cannot follow ${channels[i - 1]}`;
    }
  }
  return null;
}

/**
 * A message sent through the public API (ours; the same meaning as a campaign recipient's states,
 * contract/domain/campaigns.ts RECIPIENT_STATES):
 *  - queued: accepted and paid for, waiting for the dispatcher (also: waiting for its fallback channel);
 *  - sending: claimed by a dispatcher, the request to the carrier may be in flight;
 *  - sent, delivered, read: the carrier accepted it, then its receipts;
 *  - failed: refused at submit or undeliverable, with the carrier's code and reason, and no fallback left;
 *  - unknown: the connection broke after the request left, on a carrier without idempotency keys: never re-sent,
 *    a later receipt reconciles it (at most once).
 */
export const PUBLIC_MESSAGE_STATES = ["queued", "sending", "sent", "delivered", "read", "failed", "unknown"] as const;
export type PublicMessageState = (typeof PUBLIC_MESSAGE_STATES)[number];

/** Request-log filters on the answer's status: 2xx, anything else, or one status code. */
export const UMS_STATUS_FILTERS = ["success", "error"] as const;
/** How long request-log rows are kept (UMS_LOG_DAYS overrides). */
export const UMS_LOG_DAYS_DEFAULT = 30;

/**
 * The public API's refusals: the HTTP status and a stable code beside the message, so an integration can branch on
 * the code while a person reads the message. The request log keeps both (SPEC 8: the UMS slices keep the code).
 */
export const PUBLIC_ERRORS = {
  missingKey: {
    status: 401,
    code: "missing_api_key",
    message: 'No API key: send it as "Authorization: Bearer <key>" or in the X-API-Key header.',
  },
  invalidKey: { status: 401, code: "invalid_api_key", message: "Invalid API key." },
  deactivatedKey: { status: 401, code: "api_key_deactivated", message: "This API key was deleted." },
  expiredKey: { status: 401, code: "api_key_expired", message: "This API key has expired." },
  accountSuspended: { status: 401, code: "account_suspended", message: "The account of this API key is suspended." },
  moduleMissing: {
    status: 403,
    code: "api_module_missing",
    message: "The account of this API key does not have the API module.",
  },
  scopeDenied: { status: 403, code: "scope_denied", message: "This API key does not have the scope this call needs" },
  channelDenied: { status: 403, code: "channel_denied", message: "This API key may not send on this channel" },
  ipDenied: {
    status: 403,
    code: "ip_not_allowed",
    message: "Requests from this IP address are not allowed for this API key",
  },
  rateLimited: { status: 429, code: "rate_limited", message: "Rate limit of this API key reached" },
  insufficientBalance: { status: 402, code: "insufficient_balance", message: "Insufficient balance" },
  idempotencyConflict: {
    status: 409,
    code: "idempotency_key_reused",
    message: "This Idempotency-Key was used with a different request body in the last 24 hours.",
  },
  invalidRequest: { status: 400, code: "invalid_request", message: "The request is not valid" },
  windowClosed: {
    status: 422,
    code: "whatsapp_window_closed",
    message:
      "WhatsApp allows free text only within 24 hours of the customer's last message; send an approved template instead.",
  },
  dltRoute: { status: 422, code: "dlt_route_refused", message: "This SMS route (DLT) does not carry this message." },
  dnd: {
    status: 422,
    code: "dnd_preference",
    message: "The customer's preferences (DND) hold this SMS back: operators would not deliver it.",
  },
  optedOut: {
    status: 422,
    code: "opted_out",
    message: "The customer opted out of these messages on this channel (consent ledger or suppression list).",
  },
  noOptIn: {
    status: 422,
    code: "whatsapp_opt_in_missing",
    message: "This account requires a recorded WhatsApp opt-in before template messages; this number has none.",
  },
  notFound: { status: 404, code: "not_found", message: "Not found" },
  contactExists: { status: 409, code: "contact_exists", message: "A contact with this number already exists" },
  erased: {
    status: 422,
    code: "number_erased",
    message: "This number's person was erased at their request: it is not messaged or stored again.",
  },
} as const;
export type PublicErrorName = keyof typeof PUBLIC_ERRORS;
