import { and, count, desc, eq } from "drizzle-orm";
import type { ReportRecord } from "../../../contract/calls";
import type { ReportChannel } from "../../../contract/domain/reports";
import type { Db } from "../../db/client";
import { reports } from "../../db/schema";
import type { Storage } from "../../storage";
import type { Caller } from "../caller";
import { reportFileKey } from "./files";
import { findReport, reportReach } from "./reach";
import { toReportRecords } from "./records";

/** One page of the reports a caller sees, newest first; a channel narrows it to reports of that channel. */
export async function listReports(
  db: Db,
  caller: Caller,
  channel: ReportChannel | undefined,
  window: { limit: number; offset: number },
): Promise<{ records: ReportRecord[]; total: number }> {
  // Log exports (issue 37) ride the same job but belong to the message log's page, not this list.
  const where = and(
    reportReach(caller),
    eq(reports.kind, "campaigns"),
    channel ? eq(reports.channel, channel) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { records: await toReportRecords(db, rows), total: n };
}

/**
 * Deletes a report in reach and its files. A report being generated stops: its job's next progress write finds no row
 * and removes the file it was writing. Files of earlier attempts (a process that died) are removed here.
 */
export async function deleteReport(db: Db, storage: Storage, caller: Caller, id: string): Promise<void> {
  const row = await findReport(db, caller, id);
  await db.delete(reports).where(eq(reports.id, row.id));
  const keys = new Set([
    row.fileKey,
    ...Array.from({ length: row.attempt }, (_, i) => reportFileKey(row.id, i + 1, row.format)),
  ]);
  for (const key of keys) if (key) await storage.delete(key).catch(() => undefined);
}
