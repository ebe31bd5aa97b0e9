import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reports, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

export type ReportRow = typeof reports.$inferSelect;
export const REPORT_NOT_FOUND = "Report not found";

/**
 * Whose reports a caller sees and downloads: its own; a manager also those of its organization's accounts (the
 * sub-users and department heads it created); an admin every one. Anything else answers exactly like a missing report.
 */
export function reportReach(caller: Pick<Caller, "id" | "role">): SQL | undefined {
  switch (caller.role) {
    case "admin":
      return undefined;
    case "manager":
      return or(
        eq(reports.userId, caller.id),
        inArray(reports.userId, sql`(select ${users.id} from ${users} where ${users.parentId} = ${caller.id})`),
      );
    default:
      return eq(reports.userId, caller.id);
  }
}

export async function findReport(db: Db, caller: Caller, id: string): Promise<ReportRow> {
  if (!isUuid(id)) throw notFound(REPORT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.kind, "campaigns"), reportReach(caller)));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}
