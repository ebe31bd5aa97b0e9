import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages } from "../db/schema";

/** Message counts per account and status. */
export async function statusCountsByUser(db: Db, userIds: string[]) {
  return db
    .select({ userId: messages.userId, status: messages.status, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(inArray(messages.userId, userIds))
    .groupBy(messages.userId, messages.status);
}

/** Message counts per UTC day and status over the accounts, from `start` up to (not including) `endExclusive`. */
export async function statusCountsByDay(db: Db, userIds: string[], start: Date, endExclusive: Date) {
  const day = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, status: messages.status, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(inArray(messages.userId, userIds), gte(messages.createdAt, start), lt(messages.createdAt, endExclusive)))
    .groupBy(day, messages.status)
    .orderBy(day);
}
