// Uploaded contact files whose import was never started (the person closed the drawer at the mapping step) are
// discarded IMPORT_UNSTARTED_HOURS after the upload. The import goes first, and only if it is still unstarted, so an
// import started at the last moment keeps its file (a process dying between the two leaves one stray file behind).
import { and, eq, lte } from "drizzle-orm";
import { IMPORT_UNSTARTED_HOURS } from "../../contract/domain/contact-import";
import type { Db } from "../db/client";
import { contactImports } from "../db/schema";
import type { ClaimJob } from "../db/claim-loop";
import type { Storage } from "../storage";

export const CONTACT_IMPORT_EXPIRY_JOB = "contact-import-expiry";

type Row = typeof contactImports.$inferSelect;

export function contactImportExpiryJob(o: { db: Db; storage: Storage }): ClaimJob<Row> {
  return {
    name: CONTACT_IMPORT_EXPIRY_JOB,
    claim: async (tx, now, limit) =>
      tx
        .select()
        .from(contactImports)
        .where(
          and(
            eq(contactImports.status, "uploaded"),
            lte(contactImports.createdAt, new Date(now.getTime() - IMPORT_UNSTARTED_HOURS * 3_600_000)),
          ),
        )
        .orderBy(contactImports.createdAt)
        .limit(limit)
        .for("update", { skipLocked: true }),
    process: async (row) => {
      const gone = await o.db
        .delete(contactImports)
        .where(and(eq(contactImports.id, row.id), eq(contactImports.status, "uploaded")))
        .returning({ key: contactImports.sourceKey });
      if (gone.length) await o.storage.delete(row.sourceKey);
    },
  };
}
