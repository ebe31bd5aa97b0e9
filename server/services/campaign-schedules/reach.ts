import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignSchedules } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";
import type { ScheduleRow } from "./records";

export const SCHEDULE_NOT_FOUND = "Schedule not found";

/**
 * Whose schedules a caller works on, as with the campaigns they make (services/campaigns/reach.ts): a department
 * head those it created (for its organization, which owns and pays), a manager or user its own account's.
 */
export const scheduleReach = (caller: Pick<Caller, "id" | "role">): SQL =>
  caller.role === "department_head"
    ? eq(campaignSchedules.createdBy, caller.id)
    : eq(campaignSchedules.userId, caller.id);

/** One schedule in reach; another account's answers 404 like a missing one. */
export async function ownSchedule(db: Db, caller: Caller, id: string): Promise<ScheduleRow> {
  if (!isUuid(id)) throw notFound(SCHEDULE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(campaignSchedules)
    .where(and(eq(campaignSchedules.id, id), scheduleReach(caller)));
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  return row;
}
