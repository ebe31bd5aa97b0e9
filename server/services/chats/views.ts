import { and, asc, count, eq } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { InboxViewRecord } from "../../../contract/calls/chat-records";
import { INBOX_VIEW_MESSAGES, INBOX_VIEWS_MAX, type InboxFilter } from "../../../contract/domain/inbox-views";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { inboxViews } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { viewCount } from "./list";
import type { ChatWorkspace } from "./workspace";

// Saved inbox views: a person's named filters (per sign-in, so an agent's are its own), each with its count now. The
// count is the list's own capped count, so a view over a huge inbox reads at most the cap's rows.

export type InboxViewOut = Static<typeof InboxViewRecord>;
type ViewRow = typeof inboxViews.$inferSelect;

/**
 * Only the keys a filter may have: a stored view never carries more than the list reads. The order is kept when it is
 * not the default ("recent" is stored as none), so a view of "SLA due soonest" opens in that order.
 */
function cleanFilter(raw: InboxFilter & { sort?: string }): InboxFilter {
  const { channel, scope, status, agentId, label, unread, slaBreached, waitingMinutes, sort } = raw;
  return Object.fromEntries(
    Object.entries({
      channel,
      scope,
      status,
      agentId,
      label: label?.trim() || undefined,
      unread,
      slaBreached,
      waitingMinutes,
      sort: sort === "slaDue" ? sort : undefined,
    }).filter(([, v]) => v !== undefined && v !== false),
  ) as InboxFilter;
}

async function withCount(db: Db, ws: ChatWorkspace, row: ViewRow): Promise<InboxViewOut> {
  return { _id: row.id, name: row.name, filter: row.filter, ...(await viewCount(db, ws, row.filter)) };
}

export async function listViews(db: Db, ws: ChatWorkspace, userId: string): Promise<InboxViewOut[]> {
  const rows = await db
    .select()
    .from(inboxViews)
    .where(eq(inboxViews.userId, userId))
    .orderBy(asc(inboxViews.createdAt), asc(inboxViews.id));
  return Promise.all(rows.map((row) => withCount(db, ws, row)));
}

export async function createView(
  db: Db,
  ws: ChatWorkspace,
  userId: string,
  body: SchemaBody<"inbox-view">,
): Promise<InboxViewOut> {
  const name = body.name.trim();
  if (!name) throw badRequest("Name the view", [{ field: "name", message: "is required" }]);
  const [held] = await db.select({ n: count() }).from(inboxViews).where(eq(inboxViews.userId, userId));
  if ((held?.n ?? 0) >= INBOX_VIEWS_MAX)
    throw badRequest(INBOX_VIEW_MESSAGES.tooMany, [{ field: "name", message: "too many views" }]);
  const [row] = await db
    .insert(inboxViews)
    .values({ userId, name, filter: cleanFilter(body.filter as InboxFilter) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(INBOX_VIEW_MESSAGES.duplicate);
  return withCount(db, ws, row);
}

export async function deleteView(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(INBOX_VIEW_MESSAGES.notFound);
  const gone = await db
    .delete(inboxViews)
    .where(and(eq(inboxViews.id, id), eq(inboxViews.userId, userId)))
    .returning({ id: inboxViews.id });
  if (!gone.length) throw notFound(INBOX_VIEW_MESSAGES.notFound);
}
