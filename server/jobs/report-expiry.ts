// Ready reports expire REPORT_TTL_HOURS after they were written: this job deletes the file and marks the report expired
// (downloads answer 410 from the moment of expiry, before the job has come by). The file goes first, so a process dying
// in between leaves a ready row whose file is gone, which the next round expires.
import { and, eq, inArray, lte } from "drizzle-orm";
import type { ReportProgress } from "../../contract/domain/reports";
import type { Db } from "../db/client";
import { reports } from "../db/schema";
import type { ReportRow } from "../services/reports/reach";
import { progressEvent } from "../services/reports/records";
import type { Storage } from "../storage";
import type { ClaimJob } from "../db/claim-loop";

export const REPORT_EXPIRY_JOB = "report-expiry";

export interface ReportExpiryOptions {
  db: Db;
  storage: Storage;
  leaseMs: number;
  announce(userId: string, progress: ReportProgress): void;
}

export function reportExpiryJob(o: ReportExpiryOptions): ClaimJob<ReportRow> {
  return {
    name: REPORT_EXPIRY_JOB,
    claim: async (tx, now, limit) => {
      const rows = await tx
        .select()
        .from(reports)
        .where(and(eq(reports.status, "ready"), lte(reports.expiresAt, now), lte(reports.dueAt, now)))
        .orderBy(reports.expiresAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (rows.length)
        await tx
          .update(reports)
          .set({ dueAt: new Date(now.getTime() + o.leaseMs) })
          .where(
            inArray(
              reports.id,
              rows.map((r) => r.id),
            ),
          );
      return rows;
    },
    process: async (row) => {
      if (row.fileKey) await o.storage.delete(row.fileKey);
      const [expired] = await o.db
        .update(reports)
        .set({ status: "expired", fileKey: null })
        .where(and(eq(reports.id, row.id), eq(reports.status, "ready")))
        .returning();
      if (expired) o.announce(expired.userId, progressEvent(expired));
    },
  };
}
