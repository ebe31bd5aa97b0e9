import { and, desc, sql } from "drizzle-orm";
import type { PageQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { campaignSplits } from "../../db/schema";
import type { Caller } from "../caller";
import { pageWindow } from "../paging";
import { splitReach, type SplitRow } from "./reach";

/** A page of the splits in the caller's reach, newest first, and how many there are. */
export async function listSplits(
  db: Db,
  caller: Caller,
  query: PageQuery,
): Promise<{ rows: SplitRow[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const where = and(splitReach(caller));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(campaignSplits)
      .where(where)
      .orderBy(desc(campaignSplits.createdAt), desc(campaignSplits.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(campaignSplits)
      .where(where),
  ]);
  return { rows, total };
}
