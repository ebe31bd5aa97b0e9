import { and, desc, eq, getTableColumns, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CallQuery } from "../../../contract/calls";
import { CONVERSATION_COUNT_CAP, CONVERSATION_UNREAD_CAP, type ChatChannel } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { INBOX_VIEW_MESSAGES, type InboxFilter } from "../../../contract/domain/inbox-views";
import { contacts, conversations } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";
import { badRequest } from "../../http/errors";
import { isUuid } from "../caller";
import { labelOwnerSql } from "./customer-labels";
import { conversationReach, conversationRecords, likeEscape } from "./conversations";
import { afterCursor, cursorTime, decodeListCursor, encodeListCursor } from "./list-cursor";
import { slaDuePage } from "./list-sla";
import type { ChatWorkspace } from "./workspace";

type ListQuery = CallQuery<"chats.list">;
const CHANNELS = ["whatsapp", "sms", "rcs"] as const satisfies readonly ChatChannel[];

/** Reach, scope and status: what the tabs' unread counts follow (not the channel, not the search). */
function inboxFilters(ws: ChatWorkspace, query: Pick<InboxFilter, "scope" | "status">): (SQL | undefined)[] {
  const scope = query.scope ?? "all";
  const filters: (SQL | undefined)[] = [conversationReach(ws)];
  // An owner is not an agent: nothing is assigned to it, so its "mine" is empty.
  if (scope === "mine") filters.push(ws.agentId ? eq(conversations.assignedAgentId, ws.agentId) : sql`false`);
  if (scope === "unassigned") filters.push(isNull(conversations.assignedAgentId));
  if (query.status) filters.push(eq(conversations.status, query.status));
  return filters;
}

/**
 * The filters beyond the tabs' (channel, agent, label, unread, waiting): they narrow the rows and the count, not the
 * tabs' unread badges. A label is the customer's contact's, so the label's contacts (a GIN index on the labels) are
 * joined to the inbox by number; the others are ranges or tests on the index the list walks.
 */
export function narrowingFilters(ws: ChatWorkspace, query: InboxFilter): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (query.channel) filters.push(eq(conversations.channel, query.channel));
  if (query.agentId !== undefined)
    filters.push(isUuid(query.agentId) ? eq(conversations.assignedAgentId, query.agentId) : sql`false`);
  if (query.label)
    // The label's numbers are read once (an init plan) and looked up in the inbox by number: the statement reads the
    // label's contacts and their conversations, however big the inbox and whichever few carry the label.
    filters.push(sql`${conversations.customerNumber} = any(array(select c.number from ${contacts} c
      where c.user_id = ${labelOwnerSql(ws.ownerId)} and c.labels @> ${pgArray([query.label])}::text[]))`);
  if (query.unread) filters.push(gt(conversations.unreadCount, 0));
  // The partial index of breached conversations (newest first) answers it: its predicate, word for word.
  if (query.slaBreached) filters.push(sql`(${conversations.slaFirstBreached} or ${conversations.slaResolveBreached})`);
  if (query.waitingMinutes !== undefined) {
    // Waiting: open, and the customer's message is the last one, older than the threshold. The time range is on
    // last_message_at, the column every inbox index orders by.
    const since = sql`now() - make_interval(mins => ${query.waitingMinutes}::int)`;
    filters.push(
      eq(conversations.status, "open"),
      sql`${conversations.lastInboundAt} >= ${conversations.lastMessageAt}`,
      sql`${conversations.lastMessageAt} < ${since}`,
    );
  }
  return filters;
}

/** The list's query as the filters a saved view names (the query's "true" is the view's true). */
export const queryFilter = (query: ListQuery): InboxFilter => ({
  ...(query.channel && { channel: query.channel }),
  ...(query.agentId !== undefined && { agentId: query.agentId }),
  ...(query.label && { label: query.label }),
  ...(query.unread === "true" && { unread: true }),
  ...(query.slaBreached === "true" && { slaBreached: true }),
  ...(query.waitingMinutes !== undefined && { waitingMinutes: query.waitingMinutes }),
});

/**
 * The search: the text anywhere in the number or in the last message, `%` and `_` literal. From 3 characters the
 * trigram indexes (pg_trgm) find the candidates; shorter ones have no trigram, and the planner walks the inbox newest
 * first instead, stopping at the page's end.
 */
function searchFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const like = likeEscape(q);
  return or(ilike(conversations.customerNumber, like), ilike(conversations.lastMessageText, like));
}

/**
 * Unread per channel, each summed over at most CONVERSATION_UNREAD_CAP unread conversations (a partial index holds
 * only those): the badges read "99+" from 100, so a bigger sum would show the same while reading the whole inbox.
 * The order is the index's (with or without a status), so the planner walks it and stops at the cap rather than
 * scan the table for matches.
 */
async function unreadCounts(db: Db, inbox: (SQL | undefined)[]) {
  const one = (channel: ChatChannel) => sql`(select coalesce(sum(u), 0)::int from (
    select ${conversations.unreadCount} as u from ${conversations}
    where ${and(...inbox, eq(conversations.channel, channel), gt(conversations.unreadCount, 0))}
    order by ${conversations.status} desc, ${conversations.lastMessageAt} desc limit ${CONVERSATION_UNREAD_CAP}) s)`;
  const [row] = await rowsOf<Record<ChatChannel, number>>(
    db,
    sql`select ${one("whatsapp")} as whatsapp, ${one("sms")} as sms, ${one("rcs")} as rcs`,
  );
  return Object.fromEntries(CHANNELS.map((c) => [c, row?.[c] ?? 0])) as Record<ChatChannel, number>;
}

/**
 * How many match, counting no further than CONVERSATION_COUNT_CAP + 1 rows (null for a search: see the contract). In
 * the list's order, so the planner walks the list's index and stops at the cap (a bitmap would read every match).
 */
export async function cappedCount(db: Db, where: SQL | undefined, search: boolean): Promise<number | null> {
  if (search) return null;
  const capped = db
    .select({ one: sql`1` })
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(CONVERSATION_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** How many conversations a saved view holds now: its filters' count, up to the list's cap. */
export async function viewCount(db: Db, ws: ChatWorkspace, filter: InboxFilter) {
  const n = (await cappedCount(db, and(...inboxFilters(ws, filter), ...narrowingFilters(ws, filter)), false)) ?? 0;
  return { count: Math.min(n, CONVERSATION_COUNT_CAP), countExact: n <= CONVERSATION_COUNT_CAP };
}

/**
 * `total` and whether it is exact: the count up to its cap, or for a search what the page saw (the rows up to it,
 * plus the one that proves a next page), exact when a page from the list's start ends it.
 */
function totalOf(counted: number | null, page: { offset: number; fetched: number; hasMore: boolean; cursor: boolean }) {
  if (counted !== null && counted <= CONVERSATION_COUNT_CAP) return { total: counted, totalExact: true };
  const seen = page.offset + page.fetched;
  if (counted !== null) return { total: Math.max(seen, CONVERSATION_COUNT_CAP), totalExact: false };
  // Past the end a search's page saw nothing, which proves nothing about the rows before it.
  if (page.fetched === 0) return { total: 0, totalExact: page.offset === 0 && !page.cursor };
  return { total: seen, totalExact: !page.hasMore && !page.cursor };
}

/**
 * The inbox list: newest activity first (id breaking ties) or SLA due soonest (list-sla.ts), by channel, scope,
 * status and a search on the number or the last message. Pages by number (offset, as SPEC's lists) or by cursor
 * (`nextCursor`: as fast at page 1000 as at page 1). Every statement reads about a page's rows, however big the inbox: the counts stop at their caps.
 */
export async function listConversations(db: Db, ws: ChatWorkspace, query: ListQuery) {
  const limit = query.limit ?? 10;
  const q = query.q?.trim() ?? "";
  const inbox = inboxFilters(ws, query);
  const narrow = narrowingFilters(ws, queryFilter(query));
  const [page, counted, unread] = await Promise.all([
    listPage(db, and(...inbox, ...narrow, searchFilter(q)), query, limit),
    cappedCount(db, and(...inbox, ...narrow), q !== ""),
    unreadCounts(db, inbox),
  ]);
  const totals = totalOf(counted, { ...page, cursor: query.cursor !== undefined });
  return {
    data: await conversationRecords(db, ws.ownerId, page.rows),
    ...totals,
    totalPages: Math.max(1, Math.ceil(totals.total / limit)),
    nextCursor: page.nextCursor,
    unread,
  };
}

/** One page of the list in the query's order: newest activity first (by page or cursor), or SLA due (cursor only). */
async function listPage(db: Db, where: SQL | undefined, query: ListQuery, limit: number) {
  if (query.sort === "slaDue") {
    if ((query.page ?? 1) > 1 && query.cursor === undefined)
      throw badRequest(INBOX_VIEW_MESSAGES.slaSortByCursor, [{ field: "page", message: "is not read by this order" }]);
    return { offset: 0, ...(await slaDuePage(db, where, query.status, query.cursor, limit)) };
  }
  const cursor = query.cursor === undefined ? undefined : decodeListCursor(query.cursor);
  const offset = cursor ? 0 : ((query.page ?? 1) - 1) * limit;
  const fetched = await db
    .select({ ...getTableColumns(conversations), cursorAt: cursorTime })
    .from(conversations)
    .where(and(where, cursor ? afterCursor(cursor) : undefined))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit + 1)
    .offset(offset);
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  const last = rows.at(-1);
  return {
    offset,
    fetched: fetched.length,
    hasMore,
    rows: rows.map(({ cursorAt: _, ...row }) => row),
    nextCursor: hasMore && last ? encodeListCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
