// Filing, listing, answering, closing and reopening tickets; every statement is bounded by `visibleTo(caller)`.
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CallBody } from "../../../contract/calls";
import { SUPPORT_MESSAGES, statusAfterReply, supportRoute, type SupportStatus } from "../../../contract/domain/support";
import { normalizeRole } from "../../../contract/roles";
import type { Db } from "../../db/client";
import { supportTicketMessages, supportTickets, users } from "../../db/schema";
import { badRequest, conflict, forbidden } from "../../http/errors";
import type { Caller } from "../caller";
import type { pageWindow } from "../paging";
import {
  findTicket,
  ticketColumns,
  ticketDetail,
  ticketRecord,
  visibleTo,
  type TicketDetail,
  type TicketRecord,
  type TicketRow,
} from "./records";

const parent = alias(users, "parent");

/** Blanks around a subject or message are not kept; one of only blanks was refused by the schema's pattern. */
const clean = (text: string) => text.trim();

/** Files a ticket with its first message, routed by `supportRoute`. Answers the record and the stored row. */
export async function fileTicket(
  db: Db,
  caller: Caller,
  body: CallBody<"support.file">,
): Promise<{ record: TicketRecord; row: TicketRow }> {
  const [me] = await db
    .select({ parentId: users.parentId, parentRole: parent.role })
    .from(users)
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(eq(users.id, caller.id));
  const route = supportRoute({
    role: caller.role,
    parentId: me?.parentId ?? null,
    parentRole: normalizeRole(me?.parentRole),
  });
  if (!route) throw forbidden();
  const subject = clean(body.subject);
  const message = clean(body.body);
  // The schema's pattern already refuses text of blanks only; this keeps the rule where the row is written.
  if (!subject) throw badRequest(`subject: ${SUPPORT_MESSAGES.blank}`);
  if (!message) throw badRequest(`body: ${SUPPORT_MESSAGES.blank}`);
  const id = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ kind: body.kind, subject, fromUserId: caller.id, to: route.to, toUserId: route.toUserId })
      .returning({ id: supportTickets.id });
    await tx.insert(supportTicketMessages).values({ ticketId: ticket.id, authorId: caller.id, body: message });
    return ticket.id;
  });
  const row = await findTicket(db, caller, id);
  return { record: ticketRecord(row, caller), row: row.ticket };
}

export async function listTickets(
  db: Db,
  caller: Caller,
  status: SupportStatus | undefined,
  { limit, offset }: ReturnType<typeof pageWindow>,
): Promise<{ records: TicketRecord[]; total: number }> {
  const where = and(visibleTo(caller), status ? eq(supportTickets.status, status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(ticketColumns)
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.fromUserId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.number))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(where),
  ]);
  return { records: rows.map((r) => ticketRecord(r, caller)), total };
}

/**
 * Adds the caller's message to the thread. The filer writing makes the ticket open again, the other side's answer
 * makes it answered. A closed ticket takes no replies (409) until reopened.
 */
export async function replyToTicket(
  db: Db,
  caller: Caller,
  id: string,
  text: string,
): Promise<{ detail: TicketDetail; row: TicketRow }> {
  const { ticket } = await findTicket(db, caller, id);
  const body = clean(text);
  if (!body) throw badRequest(`body: ${SUPPORT_MESSAGES.blank}`);
  const byFiler = ticket.fromUserId === caller.id;
  const moved = await db.transaction(async (tx) => {
    // The status is checked in the UPDATE itself, so a close racing this reply cannot be overwritten.
    const [row] = await tx
      .update(supportTickets)
      .set({ status: statusAfterReply(byFiler), updatedAt: sql`now()` })
      .where(and(eq(supportTickets.id, id), sql`${supportTickets.status} <> 'closed'`))
      .returning();
    if (!row) return null;
    await tx.insert(supportTicketMessages).values({ ticketId: id, authorId: caller.id, body });
    return row;
  });
  if (!moved) throw conflict(SUPPORT_MESSAGES.closed);
  return { detail: await ticketDetail(db, caller, id), row: moved };
}

/** Closes (or reopens) a ticket either side can see; closing a closed one, or reopening an open one, is a 409. */
export async function setTicketClosed(
  db: Db,
  caller: Caller,
  id: string,
  closed: boolean,
): Promise<{ detail: TicketDetail; row: TicketRow }> {
  await findTicket(db, caller, id);
  const [row] = await db
    .update(supportTickets)
    .set(
      closed
        ? { status: "closed", closedAt: sql`now()`, updatedAt: sql`now()` }
        : { status: "open", closedAt: null, updatedAt: sql`now()` },
    )
    .where(
      and(
        eq(supportTickets.id, id),
        closed ? sql`${supportTickets.status} <> 'closed'` : eq(supportTickets.status, "closed"),
      ),
    )
    .returning();
  if (!row) throw conflict(closed ? SUPPORT_MESSAGES.alreadyClosed : SUPPORT_MESSAGES.notClosed);
  return { detail: await ticketDetail(db, caller, id), row };
}

/**
 * The people on the other side of a ticket from the caller, inside the console: the filer when an admin acts; the
 * admin it reached (or every active admin) when the reseller acts. An operator ticket's other side is a mailbox.
 */
export async function otherSide(db: Db, caller: Caller, ticket: TicketRow): Promise<string[]> {
  if (ticket.fromUserId !== caller.id) return [ticket.fromUserId];
  if (ticket.to === "operator") return [];
  if (ticket.toUserId) return [ticket.toUserId];
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return admins.map((a) => a.id);
}
