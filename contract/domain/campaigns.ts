import type { CampaignChannel } from "../constants";
import { SMS_VARIABLE_MAX } from "./sms";

// Campaigns: the states a campaign and each of its recipients go through, what the live progress push carries,
// and the fixed numbers of sending. SPEC leaves the status values open ("not shown"); these are ours.

/**
 * A campaign's life:
 *  - draft: created, audience not read yet (a file waits for the ingest job);
 *  - validating: the ingest job is reading the audience (validating progress reports it);
 *  - ready: audience read; the pre-send check and cost estimate can be shown, the owner can start or test-send;
 *  - scheduled: started for later (a chosen time, or SMS outside the allowed window); the hold is already taken;
 *  - running: the dispatcher is sending;
 *  - paused: by the owner, or automatically (failure rate), with the reason in statusReason; resume continues;
 *  - completed: every recipient has a final send outcome (receipts may still arrive and update counts);
 *  - discarded: stopped by the owner (or an admin); what was sent stays sent, the unused hold is released;
 *  - failed: the audience could not be read (bad file, no valid number), with the reason; nothing was sent.
 */
export const CAMPAIGN_STATUSES = [
  "draft",
  "validating",
  "ready",
  "scheduled",
  "running",
  "paused",
  "completed",
  "discarded",
  "failed",
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Statuses from which nothing moves any more. */
export const FINAL_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["completed", "discarded", "failed"];

/** Who may move a campaign where: the server refuses any other transition with 409. */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  draft: ["validating", "failed", "discarded"],
  validating: ["ready", "failed", "discarded"],
  ready: ["scheduled", "running", "discarded"],
  scheduled: ["running", "discarded", "paused"],
  running: ["paused", "completed", "discarded"],
  paused: ["running", "scheduled", "discarded"],
  completed: [],
  discarded: [],
  failed: [],
};

/**
 * One recipient of a campaign: the dispatcher's queue is these rows.
 *  - queued: waiting to be sent (also: skipped rows never get here, see `skipped`);
 *  - sending: claimed by a worker, the request to the carrier may be in flight (a lease bounds it);
 *  - sent: the carrier accepted it; delivered / read: its receipts; replied: an inbound answer came;
 *  - failed: refused or undeliverable, with the carrier's code and reason;
 *  - unknown: the connection broke after the request left, on a carrier without idempotency keys (WhatsApp Cloud
 *    API, SMPP). Such a recipient is never re-sent automatically; a later receipt for it reconciles it, and it is
 *    counted apart (at most once);
 *  - skipped: not sent at the pre-send check (suppressed, over the messaging limit, not on the channel).
 *
 * Delivery semantics: on a carrier that takes our message id as an idempotency key (the sandbox; RCS Business
 * Messaging's messageId) a recipient whose lease ended in `sending` is retried with the same id, so it is delivered
 * exactly once. On one that does not, it becomes `unknown` instead: at most once.
 *
 * As built (server/services/campaigns/dispatch*.ts): a claim charges each recipient's cost against the campaign's
 * hold (cost_paise, spent_paise) in the claim transaction, under the campaign row's lock, so no two workers can spend
 * the same paise; a recipient that goes back to `queued` (a retryable refusal such as 130429, a pause or discard seen
 * before its send, a lease recovered on an idempotent carrier) or ends `failed` at submit gives its charge back, so
 * spent_paise is always the sum of cost_paise and failover_cost_paise (a recipient's SMS failover is charged apart, on
 * the same hold). An `unknown` recipient stays charged (the message may have gone out).
 * Receipts never move a recipient backwards (order: unknown < sent < failed < delivered < read < replied); a receipt
 * that echoes our message id reconciles an `unknown` recipient.
 */
export const RECIPIENT_STATES = [
  "queued",
  "sending",
  "sent",
  "delivered",
  "read",
  "replied",
  "failed",
  "unknown",
  "skipped",
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** The counts a progress push and a campaign record carry: one per recipient state, plus failed-over (SMS failover). */
export type RecipientCounts = Record<RecipientState, number> & { failedOver: number };

/** Reasons a recipient is left out at the pre-send check, as counted and shown before the owner confirms. */
export const SKIP_REASONS = {
  suppressed: "On the suppression list",
  messagingLimit: "Over the WhatsApp messaging limit for 24 hours",
  notOnChannel: "Not reachable on this channel",
  dltNumber: "Not an Indian mobile number: this SMS route (DLT) takes Indian mobile numbers only",
  dltVariable: `A variable value over ${SMS_VARIABLE_MAX} characters, which DLT refuses`,
  dnd: "On the DND list (customer preferences; no recorded consent) for this SMS category",
  optedOut: "Opted out of this channel (consent ledger)",
  noOptIn: "No WhatsApp opt-in recorded (the account requires one for template messages)",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

/** Why the ingest leaves an audience row out (the upload report counts by these; the download lists each row). */
export const INGEST_EXCLUSIONS = {
  invalid: "Not a valid phone number",
  dltNumber: "Foreign or landline number (DLT takes Indian mobiles only)",
  dltVariable: `A variable value over ${SMS_VARIABLE_MAX} characters`,
  duplicate: "Duplicate number",
  noValue: "No value for a contact field the variables use (and no fallback)",
} as const;
export type IngestExclusion = keyof typeof INGEST_EXCLUSIONS;
/** The pre-send check names at most this many of the recipients it skips (the counts cover them all). */
export const SKIPPED_SAMPLE_MAX = 20;

/**
 * A recipient's reason as people read it: a skip is stored by its key (the start marks rows with it) and shown in the
 * check's words; a failure's reason is the carrier's own text and stays as it came.
 */
export function recipientReason(state: RecipientState, reason: string | null): string | null {
  return state === "skipped" && reason !== null && Object.hasOwn(SKIP_REASONS, reason)
    ? SKIP_REASONS[reason as SkipReason]
    : reason;
}

/** The 'progressUpdate' socket event: sent to the owner's room while a campaign runs, at most a few per second. */
export interface ProgressUpdate {
  campaignId: string;
  channel: CampaignChannel;
  status: CampaignStatus;
  statusReason: string | null;
  total: number;
  counts: RecipientCounts;
  /** Recipients with a final send outcome (sent or beyond, failed, unknown, skipped) over total, 0-100. */
  percent: number;
  /** Rupees spent so far (settled against the hold). */
  spent: number;
  /** Of which on SMS failover (0 without failover). */
  failoverSpent: number;
  at: string;
}
export const PROGRESS_EVENT = "progressUpdate";
/**
 * The 'reportProgress' socket event (contract/domain/reports.ts ReportProgress): a report's generation, to its owner's
 * room.
 */
export const REPORT_PROGRESS_EVENT = "reportProgress";
/** At most this many progress pushes per campaign per second. */
export const PROGRESS_PUSHES_PER_SECOND = 4;

/** Auto-pause: over the last this many send outcomes, a failure share above the threshold pauses the campaign. */
export const AUTO_PAUSE_WINDOW = 500;
export const AUTO_PAUSE_FAILURE_RATE = 0.2;

/** Promotional and service-explicit SMS only inside this window (India's TRAI rule), in this time zone. */
export const SMS_WINDOW = { start: "10:00", end: "21:00", timeZone: "Asia/Kolkata" } as const;

/** Region for numbers written without a country code. */
export const DEFAULT_REGION = "IN";

/** Replies that add the sender to the account's suppression list, and that take them off again. */
export const STOP_WORDS = [
  "STOP",
  "UNSUBSCRIBE",
  "STOPALL",
  "CANCEL",
  "END",
  "QUIT",
  "OPTOUT",
  "OPT OUT",
  "BAND",
  "BAND KARO",
  "रोकें",
  "बंद",
] as const;
export const START_WORDS = ["START", "UNSTOP", "SUBSCRIBE", "OPTIN", "OPT IN", "SHURU", "शुरू"] as const;

/** The longest campaign name, and the most text of pasted numbers (about 50,000 numbers). */
export const CAMPAIGN_NAME_MAX = 100;
export const AUDIENCE_PASTE_MAX = 1_000_000;

/** Test sends go to at most this many numbers. */
export const TEST_SEND_MAX = 5;

/** Audience files: the largest accepted upload, and the largest number of rows read. */
export const AUDIENCE_MAX_BYTES = 100 * 1024 * 1024;
export const AUDIENCE_MAX_ROWS = 2_000_000;
export const AUDIENCE_FILE_TYPES = [
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
] as const;

export { DEFAULT_RATES_PAISE, RATE_KEYS, type RateKey } from "./rate-keys";

/**
 * SMS failover of WhatsApp and RCS campaigns (SPEC 3's smsFailoverConditions; RCS takes the same fields). `failed`:
 * any failed message; the channel's "not reachable" condition: one failed with the channel's code for it (WhatsApp
 * `not_on_whatsapp`, 131026; RCS `not_rcs_capable`, RBM's 404 NOT_FOUND or 403 "not launched on the carrier", the
 * capability refusals that take the fallback); `undelivered`: one sent with no delivered receipt within
 * FAILOVER_TTL_MS (the server's DISPATCH_FAILOVER_TTL_MS), or (RCS) revoked as its TTL passed (EXPIRED). A matching
 * recipient is sent the SMS at most once (its `${recipient id}:sms` is the idempotency key), billed as SMS against
 * the campaign's hold, and counted failedOver; the campaign completes only when no failover is due or may still
 * become due.
 */
export const FAILOVER_CHANNELS = {
  whatsapp: { notReachable: "not_on_whatsapp", notReachableCodes: ["131026"], expiredCodes: [] },
  rcs: { notReachable: "not_rcs_capable", notReachableCodes: ["404", "403"], expiredCodes: ["EXPIRED"] },
} as const satisfies Record<
  string,
  { notReachable: string; notReachableCodes: readonly string[]; expiredCodes: readonly string[] }
>;
export type FailoverChannel = keyof typeof FAILOVER_CHANNELS;
export const isFailoverChannel = (channel: string): channel is FailoverChannel => channel in FAILOVER_CHANNELS;

export type FailoverCondition = "undelivered" | "failed" | (typeof FAILOVER_CHANNELS)[FailoverChannel]["notReachable"];

/**
 * Where a recipient's failover SMS, a message of its own, stands: queued or sending, then sent (the provider took it),
 * delivered or failed (its receipts, or a refusal at submit), or unknown (the send's answer was lost; it stays
 * charged). A delivered receipt outranks a failed one, as for the channel's own message.
 */
export const FAILOVER_MESSAGE_STATES = ["queued", "sending", "sent", "delivered", "failed", "unknown"] as const;
export type FailoverMessageState = (typeof FAILOVER_MESSAGE_STATES)[number];

/** The failover SMS's state from what its row records: the send's marker, then what its receipts said. */
export function failoverMessageState(
  marker: "queued" | "sending" | "sent" | "failed" | "unknown",
  deliveredAt: unknown,
  failedAt: unknown,
): FailoverMessageState {
  if (deliveredAt) return "delivered";
  if (failedAt || marker === "failed") return "failed";
  return marker;
}

/** The conditions a campaign of `channel` may fail over on, in the order the console lists them. */
export const failoverConditionsOf = <C extends FailoverChannel>(channel: C) =>
  ["undelivered", FAILOVER_CHANNELS[channel].notReachable, "failed"] as const;
/** "undelivered" means no delivered receipt within this long after sent. */
export const FAILOVER_TTL_MS = 10 * 60 * 1000;

/** Whether one word-or-phrase reply is a STOP or START request (case and surrounding spaces ignored). */
export function optOutIntent(text: string): "stop" | "start" | null {
  const word = text.trim().replace(/\s+/g, " ").toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if ((START_WORDS as readonly string[]).includes(word)) return "start";
  return null;
}
