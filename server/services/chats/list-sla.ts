// The inbox's "SLA due soonest" order (issue 40 item 5): the running clocks by their next due instant (the stored,
// generated `sla_next_due`: first response while the customer waits for a first reply, else resolution), overdue
// first, id breaking ties; then the conversations without a running clock, newest activity first. Two index walks,
// each stopping at the page's end: the partial due index, then the newest-first indexes for the rest. Paged by cursor
// only: an offset would read every row before it.
import { and, asc, desc, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { ConversationStatus } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { conversations } from "../../db/schema";
import { afterCursor, cursorTime, decodeSlaCursor, encodeSlaCursor, slaDueTime } from "./list-cursor";
import type { ConversationRow } from "./records";

export interface SlaPage {
  rows: ConversationRow[];
  fetched: number;
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * One page in the SLA order under `where` (the list's filters and search, no cursor). A resolved list has no running
 * clock, so it skips the due walk (the planner would otherwise read the whole due index to find none).
 */
export async function slaDuePage(
  db: Db,
  where: SQL | undefined,
  status: ConversationStatus | undefined,
  rawCursor: string | undefined,
  limit: number,
): Promise<SlaPage> {
  const cursor = rawCursor === undefined ? undefined : decodeSlaCursor(rawCursor);
  const columns = { ...getTableColumns(conversations), dueAt: slaDueTime, cursorAt: cursorTime };
  const due =
    status === "resolved" || cursor?.part === "rest"
      ? []
      : await db
          .select(columns)
          .from(conversations)
          .where(
            and(
              where,
              isNotNull(conversations.slaNextDue),
              cursor &&
                sql`(${conversations.slaNextDue}, ${conversations.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
            ),
          )
          .orderBy(asc(conversations.slaNextDue), asc(conversations.id))
          .limit(limit + 1);
  const rest =
    due.length > limit
      ? []
      : await db
          .select(columns)
          .from(conversations)
          .where(
            and(where, isNull(conversations.slaNextDue), cursor?.part === "rest" ? afterCursor(cursor) : undefined),
          )
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(limit + 1 - due.length);
  const fetched = [...due, ...rest];
  const hasMore = fetched.length > limit;
  const page = fetched.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeSlaCursor(
          last.slaNextDue === null
            ? { part: "rest", at: last.cursorAt, id: last.id }
            : { part: "due", at: last.dueAt, id: last.id },
        )
      : null;
  return { rows: page.map(({ dueAt: _d, cursorAt: _c, ...row }) => row), fetched: fetched.length, hasMore, nextCursor };
}
