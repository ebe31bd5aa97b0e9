// Performance reports (SPEC 7 "reports.*"): what a report may ask for and the rules both ends check. SPEC gives the
// generate path (from, to, channel, campaignId) and the detailed flag; the rest is ours and documented here.
import { CAMPAIGN_CHANNELS, DATE_MAX, DATE_MIN, type CampaignChannel } from "../constants";
import type { RecipientCounts } from "./campaigns";

/** The generate path's channel: one campaign channel, or every one. */
export const REPORT_CHANNELS = [...CAMPAIGN_CHANNELS, "all"] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/** The generate path's campaignId: a campaign's id, or this word for every campaign of the channel in the dates. */
export const ALL_CAMPAIGNS = "all";

/**
 * queued → running → ready → expired, or failed. A running report whose process died goes back to work when its lease
 * ends (redone from the start: a streamed file cannot be continued by another process).
 */
export const REPORT_STATUSES = ["queued", "running", "ready", "failed", "expired"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The file's format: the generate call's `format` query field, CSV unless it says xlsx. */
export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_DEFAULT_FORMAT: ReportFormat = "csv";

/** What a report's file holds: campaign performance, or a message log export (issue 37, the same job machinery). */
export const REPORT_KINDS = ["campaigns", "message-log"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest period one report covers, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;
/**
 * Days are calendar days in India's time zone: a campaign is in a report when it was created on a day of its period.
 */
export const REPORT_TIME_ZONE = "Asia/Kolkata";
/** Reports an account may have queued or running at once; more waits until one is done. */
export const REPORT_MAX_UNFINISHED = 5;
/** Default time a ready report's file is kept (REPORT_TTL_HOURS on the server). */
export const REPORT_TTL_HOURS_DEFAULT = 72;

/** The 'reportProgress' socket event: to the owner's room while its report is generated, at most a few per second. */
export interface ReportProgress {
  reportId: string;
  status: ReportStatus;
  /** 0-100. */
  progress: number;
  rowsDone: number;
  rowsTotal: number;
  failureReason: string | null;
  at: string;
}
export const REPORT_PROGRESS_PUSHES_PER_SECOND = 2;

export interface RangeProblem {
  field: "from" | "to";
  message: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Epoch ms of a YYYY-MM-DD calendar date at 00:00 UTC, or null when it is not a real date (2025-02-30). */
export function dayNumber(value: string): number | null {
  if (!DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? null : ms;
}

/** The report period's problems, empty when from and to are real dates, in order, and at most REPORT_MAX_DAYS long. */
export function reportRangeProblems(from: string, to: string): RangeProblem[] {
  const problems: RangeProblem[] = [];
  const start = dayNumber(from);
  const end = dayNumber(to);
  const bounds = `must be a date (YYYY-MM-DD) between ${DATE_MIN} and ${DATE_MAX}`;
  if (start === null || from < DATE_MIN || from > DATE_MAX) problems.push({ field: "from", message: bounds });
  if (end === null || to < DATE_MIN || to > DATE_MAX) problems.push({ field: "to", message: bounds });
  if (problems.length || start === null || end === null) return problems;
  if (start > end) return [{ field: "from", message: "must be on or before the end date" }];
  if ((end - start) / DAY_MS + 1 > REPORT_MAX_DAYS)
    return [{ field: "to", message: `must be at most ${REPORT_MAX_DAYS} days after the start date` }];
  return [];
}

/** How many calendar days the period covers (both ends counted). */
export const periodDays = (from: string, to: string): number =>
  ((dayNumber(to) ?? 0) - (dayNumber(from) ?? 0)) / DAY_MS + 1;

/**
 * A campaign's figures in a summary report. A recipient's state is the furthest it got, so each stage counts those that
 * reached it or went further (a replied message was delivered and read), like the campaign report's funnel. SMS has no
 * read receipts: its read is null.
 */
export interface ReportFigures {
  recipients: number;
  sent: number;
  delivered: number;
  read: number | null;
  replied: number;
  failed: number;
  failedOver: number;
}

export function reportFigures(counts: RecipientCounts, channel: CampaignChannel): ReportFigures {
  const replied = counts.replied;
  const read = counts.read + replied;
  const delivered = counts.delivered + read;
  const sent = counts.sent + delivered;
  const recipients = Object.entries(counts).reduce((sum, [state, n]) => (state === "failedOver" ? sum : sum + n), 0);
  return {
    recipients,
    sent,
    delivered,
    read: channel === "sms" ? null : read,
    replied,
    failed: counts.failed,
    failedOver: counts.failedOver,
  };
}

/** India has kept +05:30 all year since 1945, so its calendar days are fixed offsets from UTC. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The instants a period covers: from 00:00 IST of its first day up to (not including) 00:00 IST after its last. */
export function periodBounds(from: string, to: string): { start: Date; endExclusive: Date } {
  return {
    start: new Date((dayNumber(from) ?? 0) - INDIA_OFFSET_MS),
    endExclusive: new Date((dayNumber(to) ?? 0) + DAY_MS - INDIA_OFFSET_MS),
  };
}

/** The calendar day in India of an instant, YYYY-MM-DD. */
export const indiaDay = (at: Date): string => new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
