// The contacts import job: runs queued imports (and running ones whose run died, once their lease lapses). One import
// per claim: a million rows take a while, and a second process takes the next import meanwhile.
import { and, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactImports } from "../db/schema";
import type { ClaimJob } from "../db/claim-loop";
import { ROW_LOCK } from "../db/locks";
import { runImport, type ImportRunOptions } from "../services/contacts/import-run";

export const CONTACT_IMPORT_JOB = "contact-import";

type Row = typeof contactImports.$inferSelect;

export function contactImportJob(options: ImportRunOptions): ClaimJob<Row> {
  const due = (now: Date) =>
    and(inArray(contactImports.status, ["queued", "running"]), lte(contactImports.nextRunAt, now));
  return {
    name: CONTACT_IMPORT_JOB,
    claim: async (tx: Db, now, limit) => {
      const rows = await tx
        .select()
        .from(contactImports)
        .where(due(now))
        .orderBy(contactImports.nextRunAt)
        .limit(Math.min(limit, 1))
        .for(ROW_LOCK, { skipLocked: true });
      if (rows.length)
        await tx
          .update(contactImports)
          .set({ nextRunAt: new Date(now.getTime() + options.leaseMs) })
          .where(
            inArray(
              contactImports.id,
              rows.map((r) => r.id),
            ),
          );
      return rows;
    },
    process: (row, signal) => runImport({ ...options, signal }, row),
    release: async (db, rows) => {
      await db
        .update(contactImports)
        .set({ nextRunAt: new Date() })
        .where(
          and(
            inArray(
              contactImports.id,
              rows.map((r) => r.id),
            ),
            inArray(contactImports.status, ["queued", "running"]),
          ),
        );
    },
  };
}
