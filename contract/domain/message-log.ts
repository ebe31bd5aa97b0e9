// The message log (issue 37): one list of every message an account sent, whatever made it (a campaign, the public
// API, the inbox). Both ends read these words: the kinds of message, the statuses the filter offers, the page sizes.

/** What made the message: a campaign's recipient, a public-API message, an outgoing inbox message. */
export const LOG_KINDS = ["api", "campaign", "chat"] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export const LOG_KIND_LABELS: Readonly<Record<LogKind, string>> = {
  api: "API",
  campaign: "Campaign",
  chat: "Conversation",
};

/** Every state a logged message can be in: campaign recipients', public-API messages' and chat messages' states. */
export const LOG_STATUSES = [
  "queued",
  "sending",
  "pending",
  "sent",
  "delivered",
  "read",
  "replied",
  "failed",
  "unknown",
] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

export const LOG_CHANNELS = ["rcs", "sms", "whatsapp"] as const;

/** Rows per page: the default and the most one request may ask for. */
export const LOG_LIMIT_DEFAULT = 50;
export const LOG_LIMIT_MAX = 200;

/** A number filter: a full number (any form `toE164` reads) or at least this many of its digits. */
export const LOG_NUMBER_MIN_DIGITS = 3;

/** The export walks the same pages; one file holds at most this many rows (the download says so when cut). */
export const LOG_EXPORT_MAX_ROWS = 100_000;

/** The filters a log export keeps (as the list call takes them, without paging), read again when the job runs. */
export interface LogExportQuery {
  number?: string;
  id?: string;
  campaignId?: string;
  status?: LogStatus;
  channel?: (typeof LOG_CHANNELS)[number];
  kind?: LogKind;
  from?: string;
  to?: string;
}
