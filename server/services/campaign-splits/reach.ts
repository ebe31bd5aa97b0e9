import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignSplits, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

export type SplitRow = typeof campaignSplits.$inferSelect;
export const SPLIT_NOT_FOUND = "A/B test not found";

/**
 * Whose A/B tests a caller reaches: the campaigns' rule (services/campaigns/reach.ts) on the split's owner and
 * creator. An admin every test; a reseller its customers'; a department head those it created; a manager or user its own.
 */
export function splitReach(caller: Pick<Caller, "id" | "role">): SQL | undefined {
  switch (caller.role) {
    case "admin":
      return undefined;
    case "reseller":
      return inArray(
        campaignSplits.userId,
        sql`(select ${users.id} from ${users} where ${users.parentId} = ${caller.id})`,
      );
    case "department_head":
      return eq(campaignSplits.createdBy, caller.id);
    default:
      return eq(campaignSplits.userId, caller.id);
  }
}

/** One split in reach; anything outside it answers exactly like a missing one. */
export async function findSplit(db: Db, caller: Caller, id: string): Promise<SplitRow> {
  if (!isUuid(id)) throw notFound(SPLIT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(campaignSplits)
    .where(and(eq(campaignSplits.id, id), splitReach(caller)));
  if (!row) throw notFound(SPLIT_NOT_FOUND);
  return row;
}
