import { inArray } from "drizzle-orm";
import type { ReportRecord } from "../../../contract/calls";
import type { ReportProgress, ReportStatus } from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { ReportRow } from "./reach";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A ready report past its expiry is expired from that moment, before the expiry job has deleted its file. */
export function effectiveStatus(row: Pick<ReportRow, "status" | "expiresAt">, now = new Date()): ReportStatus {
  return row.status === "ready" && row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export function progressOf(row: Pick<ReportRow, "status" | "rowsDone" | "rowsTotal">): number {
  if (row.status === "ready" || row.status === "expired") return 100;
  return row.rowsTotal > 0 ? Math.min(100, Math.floor((row.rowsDone / row.rowsTotal) * 100)) : 0;
}

export function toReportRecord(row: ReportRow, ownerName: string, now = new Date()): ReportRecord {
  const status = effectiveStatus(row, now);
  return {
    _id: row.id,
    status,
    progress: progressOf({ ...row, status }),
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    failureReason: row.failureReason,
    from: row.dateFrom,
    to: row.dateTo,
    channel: row.channel,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    detailedCampaignReport: row.detailed,
    format: row.format,
    fileName: status === "ready" ? row.fileName : null,
    size: status === "ready" ? row.fileSize : null,
    expiresAt: iso(row.expiresAt),
    userId: row.userId,
    ownerName,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

/** Records for report rows, with their owners' names in one query. */
export async function toReportRecords(db: Db, rows: readonly ReportRow[]): Promise<ReportRecord[]> {
  const ids = [...new Set(rows.map((r) => r.userId))];
  const owners = ids.length
    ? await db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const names = new Map(owners.map((o) => [o.id, o.name || o.username]));
  const now = new Date();
  return rows.map((r) => toReportRecord(r, names.get(r.userId) ?? "", now));
}

export function progressEvent(row: ReportRow): ReportProgress {
  const status = effectiveStatus(row);
  return {
    reportId: row.id,
    status,
    progress: progressOf({ ...row, status }),
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    failureReason: row.failureReason,
    at: new Date().toISOString(),
  };
}
