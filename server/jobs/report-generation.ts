// The report job: claims a queued report (or a running one whose lease ended: its process died), writes its file as a
// stream (server/services/reports/write.ts) and marks it ready. The lease is renewed with every progress write, so a
// long report stays this process's while it works; a process that dies leaves the report due again when the lease
// ends, and the next claim redoes it from the start under a new attempt (a streamed file cannot be continued
// elsewhere). Every write is conditional on the attempt, so a late writer of an older attempt changes nothing.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { REPORT_PROGRESS_PUSHES_PER_SECOND, type ReportProgress } from "../../contract/domain/reports";
import type { Role } from "../../contract/roles";
import type { Db } from "../db/client";
import { reports, users } from "../db/schema";
import { reportFileKey, reportFileName } from "../services/reports/files";
import type { ReportRow } from "../services/reports/reach";
import { progressEvent } from "../services/reports/records";
import { writeReport } from "../services/reports/write";
import type { Storage } from "../storage";
import type { ClaimJob } from "../db/claim-loop";

export const REPORT_GENERATION_JOB = "report-generation";

export interface ReportJobOptions {
  db: Db;
  storage: Storage;
  /** Recipients read per query. */
  batch: number;
  /** The key of tracked campaigns' short links (the message log's export shows messages as sent). */
  linkKey: Buffer;
  /** How long a claimed report is this process's without a progress write. */
  leaseMs: number;
  /** How long a ready report's file is kept. */
  ttlMs: number;
  /** Claims before a report that keeps dying is marked failed. */
  maxAttempts: number;
  announce(userId: string, progress: ReportProgress): void;
  log: FastifyBaseLogger;
}

/** The report was deleted, or another process took it over: stop and keep nothing. */
class LostClaim extends Error {}

/** At most this often a progress write (the lease renewal) goes to the database. */
const WRITE_EVERY_MS = 250;
const PUSH_EVERY_MS = 1000 / REPORT_PROGRESS_PUSHES_PER_SECOND;
/** A failed attempt (the database or the store went away) is tried again after this many ms times its number. */
const RETRY_DELAY_MS = 5000;

export const INTERRUPTED = (attempts: number) =>
  `Generation was interrupted ${attempts} times. Generate the report again.`;
export const WRITE_FAILED =
  "The report could not be written (a database or storage error). Generate it again; if it fails again, contact support.";

async function generate(o: ReportJobOptions, row: ReportRow): Promise<void> {
  const mine = and(eq(reports.id, row.id), eq(reports.attempt, row.attempt), eq(reports.status, "running"));
  // Files of attempts whose process died.
  for (let a = 1; a < row.attempt; a += 1)
    await o.storage.delete(reportFileKey(row.id, a, row.format)).catch(() => undefined);
  if (row.attempt > o.maxAttempts) {
    const [failed] = await o.db
      .update(reports)
      .set({ status: "failed", failureReason: INTERRUPTED(o.maxAttempts), completedAt: new Date() })
      .where(mine)
      .returning();
    if (failed) o.announce(failed.userId, progressEvent(failed));
    return;
  }
  const [owner] = await o.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, row.userId));
  if (!owner) return;

  let lastWrite = 0;
  let lastPush = 0;
  const progress = async (done: number, total: number) => {
    const now = Date.now();
    if (done > 0 && done < total && now - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = now;
    const [updated] = await o.db
      .update(reports)
      .set({ rowsDone: done, rowsTotal: total, dueAt: new Date(now + o.leaseMs) })
      .where(mine)
      .returning();
    if (!updated) throw new LostClaim();
    if (now - lastPush >= PUSH_EVERY_MS) {
      lastPush = now;
      o.announce(updated.userId, progressEvent(updated));
    }
  };

  const key = reportFileKey(row.id, row.attempt, row.format);
  try {
    const written = await writeReport(
      { db: o.db, storage: o.storage, batch: o.batch, linkKey: o.linkKey, progress },
      row,
      { id: owner.id, role: owner.role as Role },
      key,
    );
    const now = new Date();
    const [ready] = await o.db
      .update(reports)
      .set({
        status: "ready",
        rowsDone: written.rows,
        rowsTotal: written.rows,
        fileKey: key,
        fileName: reportFileName(row),
        fileSize: written.bytes,
        failureReason: null,
        completedAt: now,
        expiresAt: new Date(now.getTime() + o.ttlMs),
        dueAt: now,
      })
      .where(mine)
      .returning();
    if (!ready) throw new LostClaim();
    o.announce(ready.userId, progressEvent(ready));
  } catch (error) {
    await o.storage.delete(key).catch(() => undefined);
    if (error instanceof LostClaim) return;
    o.log.error({ err: error, reportId: row.id, attempt: row.attempt }, "report generation failed");
    const final = row.attempt >= o.maxAttempts;
    const [updated] = await o.db
      .update(reports)
      .set(
        final
          ? { status: "failed", failureReason: WRITE_FAILED, completedAt: new Date() }
          : { dueAt: new Date(Date.now() + RETRY_DELAY_MS * row.attempt) },
      )
      .where(mine)
      .returning();
    if (updated && final) o.announce(updated.userId, progressEvent(updated));
  }
}

export function reportGenerationJob(o: ReportJobOptions): ClaimJob<ReportRow> {
  return {
    name: REPORT_GENERATION_JOB,
    // One report per claim: a detailed report of a million recipients takes seconds, and another process takes the
    // next.
    claim: async (tx, now, limit) => {
      const due = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(inArray(reports.status, ["queued", "running"]), lte(reports.dueAt, now)))
        .orderBy(reports.dueAt)
        .limit(Math.min(limit, 1))
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(reports)
        .set({
          status: "running",
          attempt: sql`${reports.attempt} + 1`,
          dueAt: new Date(now.getTime() + o.leaseMs),
          startedAt: sql`coalesce(${reports.startedAt}, now())`,
          rowsDone: 0,
        })
        .where(
          inArray(
            reports.id,
            due.map((r) => r.id),
          ),
        )
        .returning();
    },
    process: (row) => generate(o, row),
  };
}
