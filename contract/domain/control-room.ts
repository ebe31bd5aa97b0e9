// A running campaign's live control room (issue 41, item 6): how throughput is bucketed, the throttle's bounds, the
// alerts a sender can set and their wording. One place for these facts; the server computes, the console shows.

/** Throughput is counted in buckets of this many seconds (one row per campaign and bucket, written by the senders). */
export const THROUGHPUT_BUCKET_SECONDS = 10;
/** The live view's chart: the last this many seconds of buckets. */
export const THROUGHPUT_WINDOW_SECONDS = 600;
/** "Now": messages per second over the last this many seconds (the bucket being filled is not counted). */
export const THROUGHPUT_NOW_SECONDS = 30;

/** The slowest a sender can set a campaign; the fastest is its sender's own limit (the channel's rate). */
export const THROTTLE_MIN_PER_SECOND = 1;

export const ALERT_KINDS = ["failure-rate", "cost"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where an alert goes: the bell (notifications), mail to the campaign's owner, the account's webhooks (`campaign.alert`). */
export const ALERT_TARGETS = ["bell", "mail", "webhook"] as const;
export type AlertTarget = (typeof ALERT_TARGETS)[number];

/** A failure-rate alert looks at the newest outcomes, like the auto-pause rule, and says nothing under this many. */
export const ALERT_FAILURE_MINIMUM = 50;

export const ALERT_LABELS: Readonly<Record<AlertKind, string>> = {
  "failure-rate": "Failure rate",
  cost: "Cost",
};

/** What the bell, the mail and the webhook say when an alert fires (money in rupees, Indian grouping). */
export const ALERT_MESSAGES = {
  failureRate: (campaign: string, percent: number, threshold: number) =>
    `${campaign}: ${percent} % of the latest messages failed (alert at ${threshold} %)`,
  cost: (campaign: string, spent: string, limit: string) => `${campaign}: spent ${spent}, past the alert at ${limit}`,
  paused: "Paused by its alert",
} as const;
