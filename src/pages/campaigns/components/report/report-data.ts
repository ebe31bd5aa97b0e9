import type { CampaignChannel, CampaignRecord, CampaignReportRecord } from "../../../../../contract";
import { isFailoverChannel, type ProgressUpdate, type RecipientCounts } from "../../../../../contract/domain/campaigns";
import { displayTimeZone } from "../../../../shell/format";

/** One bar of the delivery funnel: how many recipients reached the stage, and their share of the audience sent to. */
export interface FunnelStage {
  key: "sent" | "delivered" | "read" | "replied" | "failed" | "failedOver";
  label: string;
  count: number;
  /** Whole percent of the campaign's total (0 when the total is 0). */
  percent: number;
  color: string;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The funnel from a campaign's counts. A recipient's state is the furthest it got, so each stage counts those that
 * reached it or went further (a replied message was delivered and read). SMS has no read receipts: no read stage;
 * nor SMS failover: failed over shows for WhatsApp and RCS.
 */
export function funnelOf(counts: RecipientCounts, total: number, channel: CampaignChannel): FunnelStage[] {
  const replied = counts.replied;
  const read = counts.read + replied;
  const delivered = counts.delivered + read;
  const sent = counts.sent + delivered;
  const stages: FunnelStage[] = [
    { key: "sent", label: "Sent", count: sent, percent: share(sent, total), color: "#1677ff" },
    { key: "delivered", label: "Delivered", count: delivered, percent: share(delivered, total), color: "#52c41a" },
    { key: "read", label: "Read", count: read, percent: share(read, total), color: "#722ed1" },
    { key: "replied", label: "Replied", count: replied, percent: share(replied, total), color: "#13c2c2" },
    { key: "failed", label: "Failed", count: counts.failed, percent: share(counts.failed, total), color: "#ff4d4f" },
    {
      key: "failedOver",
      label: "Failed over",
      count: counts.failedOver,
      percent: share(counts.failedOver, total),
      color: "#fa8c16",
    },
  ];
  return stages.filter(
    (s) => !(s.key === "read" && channel === "sms") && !(s.key === "failedOver" && !isFailoverChannel(channel)),
  );
}

/**
 * While a paused campaign's last sends are still out (handed to the provider before the pause, their outcome not yet
 * written), the report says so beside the status: "pausing: N in flight". Null once they settle, or when not paused.
 */
export function pausingNote(c: Pick<CampaignRecord, "status" | "counts">): string | null {
  return c.status === "paused" && c.counts.sending > 0 ? `pausing: ${c.counts.sending} in flight` : null;
}

/** A slice of the live progress bar. */
export interface ProgressSlice {
  key: "delivered" | "sent" | "failed" | "unknown" | "skipped" | "pending";
  label: string;
  count: number;
  percent: number;
  color: string;
}

/** The progress bar's slices: what is settled (delivered or beyond, sent, failed, unknown, skipped) and what waits. */
export function progressSlices(counts: RecipientCounts, total: number): ProgressSlice[] {
  const delivered = counts.delivered + counts.read + counts.replied;
  const pending = counts.queued + counts.sending;
  const whole = Math.max(total, delivered + counts.sent + counts.failed + counts.unknown + counts.skipped + pending);
  const slice = (key: ProgressSlice["key"], label: string, count: number, color: string): ProgressSlice => ({
    key,
    label,
    count,
    percent: share(count, whole),
    color,
  });
  return [
    slice("delivered", "Delivered", delivered, "#52c41a"),
    slice("sent", "Sent", counts.sent, "#1677ff"),
    slice("failed", "Failed", counts.failed, "#ff4d4f"),
    slice("unknown", "Unknown", counts.unknown, "#faad14"),
    slice("skipped", "Skipped", counts.skipped, "#bfbfbf"),
    slice("pending", "Waiting", pending, "#f0f0f0"),
  ];
}

export type TimelinePoint = CampaignReportRecord["timeline"][number];
/** A timeline point as the chart draws it: the bucket's start (epoch ms), its label, and the counts. */
export interface TimelineRow extends Omit<TimelinePoint, "at"> {
  t: number;
  label: string;
}

const MINUTE = 60_000;
const SERIES_KEYS = ["sent", "delivered", "read", "replied", "failed"] as const;
/** Bucket sizes the chart may use, in minutes: the smallest that keeps the chart under `maxPoints`. */
const BUCKETS = [1, 5, 10, 15, 30, 60, 120, 360, 720, 1440];

/**
 * The per-minute points as chart rows: sorted, gaps filled with zeros (a quiet minute is a real zero, not a line
 * across it), and merged into wider buckets when the campaign ran long, so a day-long run stays readable.
 */
export function shapeTimeline(
  points: readonly TimelinePoint[],
  maxPoints = 240,
  timeZone?: string,
  /** The server's bucket width (a long campaign's points come widened): never drawn narrower, or gaps show as zeros. */
  minBucketMinutes = 1,
): { rows: TimelineRow[]; bucketMinutes: number } {
  const parsed = points
    .map((p) => ({ ...p, t: Math.floor(Date.parse(p.at) / MINUTE) * MINUTE }))
    .filter((p) => Number.isFinite(p.t))
    .sort((a, b) => a.t - b.t);
  if (parsed.length === 0) return { rows: [], bucketMinutes: 1 };
  const first = parsed[0].t;
  const last = parsed[parsed.length - 1].t;
  const spanMinutes = (last - first) / MINUTE + 1;
  const fits = BUCKETS.find((b) => b >= minBucketMinutes && Math.ceil(spanMinutes / b) <= maxPoints);
  const bucketMinutes = fits ?? Math.max(minBucketMinutes, BUCKETS[BUCKETS.length - 1]);
  const size = bucketMinutes * MINUTE;
  const start = Math.floor(first / size) * size;
  const count = Math.floor((last - start) / size) + 1;
  const spansDays = last - first >= 24 * 60 * MINUTE;
  // The page's own clock: 12-hour, in the signed-in person's zone (the summary's times read "2:05 pm" beside it).
  const fmt = new Intl.DateTimeFormat("en-IN", {
    ...(spansDays ? { day: "numeric", month: "short" } : {}),
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: timeZone ?? displayTimeZone(),
  });
  const rows: TimelineRow[] = Array.from({ length: count }, (_, i) => {
    const t = start + i * size;
    return { t, label: fmt.format(t), sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 };
  });
  for (const p of parsed) {
    const row = rows[Math.floor((p.t - start) / size)];
    for (const k of SERIES_KEYS) row[k] += p[k];
  }
  return { rows, bucketMinutes };
}

export type ErrorRow = CampaignReportRecord["errors"][number] & {
  percent: number;
  /** The reason's headline ("Message undeliverable (131026)") and what follows it, if anything. */
  headline: string;
  explanation: string | null;
  /** The headline (with its code when it does not name it) short enough for the chart's axis. */
  short: string;
};

const SHORT_REASON = 30;

/** A reason in the carriers' words is "headline: explanation"; the provider's own text may be a headline only. */
export function splitReason(reason: string): { headline: string; explanation: string | null } {
  const at = reason.indexOf(": ");
  return at < 0
    ? { headline: reason, explanation: null }
    : { headline: reason.slice(0, at), explanation: reason.slice(at + 2) };
}

/** A headline cut with an ellipsis past SHORT_REASON characters (the table beside the chart has the whole text). */
export function shortReason(headline: string): string {
  return headline.length > SHORT_REASON ? `${headline.slice(0, SHORT_REASON - 1).trimEnd()}…` : headline;
}

/** Failure reasons, most frequent first, each with its share of all failures. */
export function errorRows(errors: CampaignReportRecord["errors"]): ErrorRow[] {
  const all = errors.reduce((sum, e) => sum + e.count, 0);
  return [...errors]
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .map((e) => {
      const { headline, explanation } = splitReason(e.reason);
      // Two codes may share words ("Undeliverable" for err 001 and 027): the axis names the code too.
      const label = e.code && !headline.includes(e.code) ? `${headline} (${e.code})` : headline;
      return { ...e, percent: share(e.count, all), headline, explanation, short: shortReason(label) };
    });
}

export interface ChannelCalls {
  responses: "campaigns.responses" | "sms.campaigns.responses" | "waba.campaigns.responses";
  searchWithin: "campaigns.searchWithin" | "sms.campaigns.searchWithin";
  start: "campaigns.start" | "sms.campaigns.start" | "waba.campaigns.start";
  discard: "campaigns.discard" | "sms.campaigns.discard";
}

/** Each channel's own calls for what the report page does per campaign (SPEC 7: SMS and WhatsApp have their own). */
export function channelCalls(channel: CampaignChannel): ChannelCalls {
  switch (channel) {
    case "sms":
      return {
        responses: "sms.campaigns.responses",
        searchWithin: "sms.campaigns.searchWithin",
        start: "sms.campaigns.start",
        discard: "sms.campaigns.discard",
      };
    case "whatsapp":
      return {
        responses: "waba.campaigns.responses",
        searchWithin: "campaigns.searchWithin",
        start: "waba.campaigns.start",
        discard: "campaigns.discard",
      };
    default:
      return {
        responses: "campaigns.responses",
        searchWithin: "campaigns.searchWithin",
        start: "campaigns.start",
        discard: "campaigns.discard",
      };
  }
}

/** The owner's actions a campaign in this status offers. */
export function ownerActions(status: CampaignRecord["status"]): {
  pause: boolean;
  resume: boolean;
  start: boolean;
  discard: boolean;
} {
  return {
    pause: status === "running" || status === "scheduled",
    resume: status === "paused",
    start: status === "ready",
    discard: !["completed", "discarded", "failed"].includes(status),
  };
}

/** Whether the campaign is still moving, so its page listens for progress and polls as a fallback. */
export const isLive = (status: CampaignRecord["status"]) =>
  ["validating", "scheduled", "running", "paused", "draft"].includes(status);

/**
 * The campaign as the page shows it: the fetched record, overlaid with a newer progress push (counts, status,
 * percent, money spent). An older push (it can arrive after a refetch) changes nothing.
 */
export function withProgress(record: CampaignRecord, push: ProgressUpdate | null): CampaignRecord {
  if (!push || push.campaignId !== record._id || Date.parse(push.at) < Date.parse(record.updatedAt)) return record;
  return {
    ...record,
    status: push.status,
    statusReason: push.statusReason,
    total: push.total,
    counts: push.counts,
    percent: push.percent,
    cost: { ...record.cost, spent: push.spent, failoverSpent: push.failoverSpent },
    updatedAt: push.at,
  };
}

/** The status report (timeline, errors) refreshes this often while the campaign moves. */
export const LIVE_REPORT_POLL_MS = 15_000;

/** Receipts and replies keep arriving after the last send: a campaign completed this recently is still polled. */
export const SETTLING_MS = 15 * 60_000;

/**
 * Whether the page should keep refreshing the campaign: it is moving, or completed so recently that receipts still
 * come.
 */
export function stillSettling(c: Pick<CampaignRecord, "status" | "completedAt">, now = Date.now()): boolean {
  if (isLive(c.status)) return true;
  return c.status === "completed" && c.completedAt !== null && now - Date.parse(c.completedAt) < SETTLING_MS;
}
