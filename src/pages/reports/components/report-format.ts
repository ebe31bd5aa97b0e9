import type { ReportRecord } from "../../../../contract";
import type { ReportProgress } from "../../../../contract/domain/reports";

/** "812 B", "12.4 KB", "3.2 MB": a file's size as people read it. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "in 3 days", "in 5 hours", "in 12 min", "in under a minute" until `at`; "now" once it is past. */
export function timeUntil(at: string | null, now = Date.now()): string {
  if (!at) return "";
  const ms = Date.parse(at) - now;
  if (ms <= 0) return "now";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "in under a minute";
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** "Detailed report" or "Summary report". */
export const reportKind = (r: Pick<ReportRecord, "detailedCampaignReport">) =>
  r.detailedCampaignReport ? "Detailed report" : "Summary report";

/** The campaign it is about, or every campaign of its channel. */
export const reportScope = (r: Pick<ReportRecord, "campaignId" | "campaignName">) =>
  r.campaignName ?? (r.campaignId ? "A campaign" : "All campaigns");

/** A live push laid over the listed record (status and counts; the file's facts come with the next read). */
export function withProgress(record: ReportRecord, push: ReportProgress | undefined): ReportRecord {
  if (!push || push.reportId !== record._id) return record;
  // A push older than what the list already says (a refetch came after it) changes nothing.
  const order = ["queued", "running", "ready", "failed", "expired"];
  if (order.indexOf(push.status) < order.indexOf(record.status)) return record;
  return {
    ...record,
    status: push.status,
    progress: push.progress,
    rowsDone: push.rowsDone,
    rowsTotal: push.rowsTotal,
    failureReason: push.failureReason,
  };
}

/** A listed record's state as a push would carry it. */
export const asProgress = (r: ReportRecord): ReportProgress => ({
  reportId: r._id,
  status: r.status,
  progress: r.progress,
  rowsDone: r.rowsDone,
  rowsTotal: r.rowsTotal,
  failureReason: r.failureReason,
  at: r.createdAt,
});

export const isUnfinished = (r: Pick<ReportRecord, "status">) => r.status === "queued" || r.status === "running";

export function isReportProgress(payload: unknown): payload is ReportProgress {
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as ReportProgress).reportId === "string" &&
    typeof (payload as ReportProgress).status === "string"
  );
}
