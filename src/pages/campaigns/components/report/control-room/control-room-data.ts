import type { CallReply, CampaignRecord } from "../../../../../../contract";
import { FINAL_CAMPAIGN_STATUSES } from "../../../../../../contract/domain/campaigns";
import { THROUGHPUT_BUCKET_SECONDS } from "../../../../../../contract/domain/control-room";
import {
  dayKey,
  formatCount,
  formatDateTime,
  formatTimeWithSeconds,
  formatTimeWithZone,
} from "../../../../../shell/format";

// The live control room's figures in words: pure, so the page only arranges them (issue 41, item 6).

export type CampaignLive = CallReply<"campaigns.live">["data"];
export type RouteErrors = CampaignLive["routes"][number];
export type AlertSettings = CampaignLive["alerts"];

/**
 * What the report shows of the control room: all of it while the campaign sends, is paused or waits for its time; a
 * compact summary once it has ended; nothing before it was started (a draft or a ready campaign has no figures yet).
 */
export function controlRoomMode(status: CampaignRecord["status"]): "live" | "summary" | null {
  if (status === "running" || status === "paused" || status === "scheduled") return "live";
  if (FINAL_CAMPAIGN_STATUSES.includes(status)) return "summary";
  return null;
}

/** Whether the figures still move, so the page listens and polls; an ended campaign's are read once. */
export const stillMoving = (status: CampaignRecord["status"]) => controlRoomMode(status) === "live";

/** "12.5 msg/s", "1,250 msg/s": one decimal under 10 a second (a slow campaign's rate is not all zeros), whole above. */
export function formatRate(perSecond: number): string {
  const value = Number.isFinite(perSecond) && perSecond > 0 ? perSecond : 0;
  if (value === 0) return "0 msg/s";
  if (value < 10) return `${(Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "")} msg/s`;
  return `${formatCount(Math.round(value))} msg/s`;
}

const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? "" : "s"}`;

/**
 * How long is left, in words: "under a minute", "about 12 minutes", "about 1 hour 5 minutes", "about 2 days 3 hours".
 * Rounded up to the minute (an ETA that says 0 minutes while messages wait reads as a fault); null: nothing to say.
 */
export function etaWords(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return "under a minute";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${plural(minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return `about ${plural(hours, "hour")}${rest ? ` ${plural(rest, "minute")}` : ""}`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return `about ${plural(days, "day")}${restHours ? ` ${plural(restHours, "hour")}` : ""}`;
}

/**
 * When it should be done, as a clock time in the person's zone: "9:42 pm IST" today, "8 Dec 2026, 9:42 pm" on
 * another day. `now` is when the figures were read (the server's `at`), so a stale reply does not drift.
 */
export function etaClock(seconds: number | null, now: string | number): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const start = typeof now === "number" ? now : Date.parse(now);
  if (!Number.isFinite(start)) return null;
  const done = start + seconds * 1000;
  return dayKey(done) === dayKey(start) ? formatTimeWithZone(done) : formatDateTime(done);
}

/** "4.2%": a 0..1 share as a percentage with one decimal (a whole number without ".0"). */
export function formatShare(share: number): string {
  const value = Number.isFinite(share) && share > 0 ? Math.min(share, 1) : 0;
  return `${String(Math.round(value * 1000) / 10)}%`;
}

/** The done share of the total as a whole-to-one-decimal percent for the progress bar (0 with nothing to send). */
export function donePercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 1000) / 10);
}

/** Spend as a share of the estimate, for its bar: null without an estimate; may pass 100 (failover, receipts). */
export function spentPercent(spent: number, estimated: number | null): number | null {
  if (estimated === null || estimated <= 0) return null;
  return Math.round((spent / estimated) * 1000) / 10;
}

/** One bar of the throughput chart: the bucket's messages per second, sent and refused. */
export interface ThroughputRow {
  t: number;
  label: string;
  sent: number;
  failed: number;
}

/**
 * The buckets as chart rows, per second (a bucket holds THROUGHPUT_BUCKET_SECONDS), labelled as the page writes
 * times ("8:30:10 pm" in the person's zone), on the axis and in the tooltip alike.
 */
export function throughputRows(series: CampaignLive["throughput"]["series"]): ThroughputRow[] {
  const perSecond = (n: number) => Math.round((n / THROUGHPUT_BUCKET_SECONDS) * 10) / 10;
  return series
    .map((b) => ({ t: Date.parse(b.at), sent: b.sent, failed: b.failed }))
    .filter((b) => Number.isFinite(b.t))
    .sort((a, b) => a.t - b.t)
    .map((b) => ({ t: b.t, label: formatTimeWithSeconds(b.t), sent: perSecond(b.sent), failed: perSecond(b.failed) }));
}

/** Whether the chart has anything to draw (a scheduled campaign's window is all empty buckets). */
export const anyThroughput = (series: CampaignLive["throughput"]["series"]) =>
  series.some((b) => b.sent > 0 || b.failed > 0);

/** A throttle the person typed, brought within the sender's bounds and to a whole number; null stays null. */
export function clampThrottle(value: number | null, min: number, max: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.min(Math.max(Math.round(value), min), Math.max(min, max));
}

/** The throttle in words: "As fast as the sender allows (80 msg/s)" or "20 msg/s". */
export function throttleLabel(throttle: CampaignLive["throttle"]): string {
  return throttle.perSecond === null
    ? `As fast as the sender allows (${formatRate(throttle.max)})`
    : formatRate(throttle.perSecond);
}

/** The alert form's values: the settings with empty thresholds as undefined (what an empty number input holds). */
export interface AlertFormValues {
  failureRatePercent?: number | null;
  costLimit?: number | null;
  pauseOnAlert: boolean;
  targets: AlertSettings["targets"];
}

export const alertFormValues = (a: AlertSettings): AlertFormValues => ({
  failureRatePercent: a.failureRatePercent ?? undefined,
  costLimit: a.costLimit ?? undefined,
  pauseOnAlert: a.pauseOnAlert,
  targets: [...a.targets],
});

/** The campaigns.alerts body from the form: an emptied threshold is no alert (null); rupees to two decimals. */
export function alertBody(v: AlertFormValues): AlertSettings {
  const orNull = (n: number | null | undefined) => (typeof n === "number" && Number.isFinite(n) ? n : null);
  const cost = orNull(v.costLimit);
  const rate = orNull(v.failureRatePercent);
  return {
    failureRatePercent: rate === null ? null : Math.round(rate),
    costLimit: cost === null ? null : Math.round(cost * 100) / 100,
    pauseOnAlert: v.pauseOnAlert,
    targets: [...v.targets],
  };
}

/** Whether any alert is set at all (a threshold); targets alone alert about nothing. */
export const anyAlertSet = (a: AlertSettings) => a.failureRatePercent !== null || a.costLimit !== null;
