// How tickets and their threads are read: who may see one (written once, in `visibleTo`) and their records.
import type { Static } from "@sinclair/typebox";
import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SupportMessageRecord, SupportTicketRecord } from "../../../contract/calls/support";
import { SUPPORT_MESSAGES } from "../../../contract/domain/support";
import type { Db } from "../../db/client";
import { supportTicketMessages, supportTickets, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

export type TicketRecord = Static<typeof SupportTicketRecord>;
export type MessageRecord = Static<typeof SupportMessageRecord>;
export type TicketDetail = TicketRecord & { thread: MessageRecord[] };
export type TicketRow = typeof supportTickets.$inferSelect;

/**
 * The tickets a person may read and answer: the ones it filed, and for an admin the resellers' tickets to it or to
 * every admin. Everything else is, to the caller, not there (404).
 */
export function visibleTo(caller: Caller): SQL {
  const mine = eq(supportTickets.fromUserId, caller.id);
  if (caller.role !== "admin") return mine;
  const toMe = and(
    eq(supportTickets.to, "admin"),
    or(eq(supportTickets.toUserId, caller.id), isNull(supportTickets.toUserId)),
  );
  return or(mine, toMe) as SQL;
}

const displayName = (u: { name: string; username: string }) => u.name.trim() || u.username;

/** The columns of a ticket's record: the filer's name and the thread's length come along. */
export const ticketColumns = {
  ticket: supportTickets,
  fromName: users.name,
  fromUsername: users.username,
  fromCompany: users.companyName,
  messages: sql<number>`(select count(*)::int from support_ticket_messages m where m.ticket_id = ${supportTickets.id})`,
};

export type TicketSelection = {
  ticket: TicketRow;
  fromName: string;
  fromUsername: string;
  fromCompany: string;
  messages: number;
};

export function ticketRecord(row: TicketSelection, caller: Caller): TicketRecord {
  const t = row.ticket;
  return {
    _id: t.id,
    number: t.number,
    kind: t.kind,
    subject: t.subject,
    status: t.status,
    to: t.to,
    mine: t.fromUserId === caller.id,
    from: { name: displayName({ name: row.fromName, username: row.fromUsername }), company: row.fromCompany },
    messages: row.messages,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    closedAt: t.closedAt ? t.closedAt.toISOString() : null,
  };
}

/** One visible ticket's row, or 404 (another reseller's ticket, a malformed id, one that is gone). */
export async function findTicket(db: Db, caller: Caller, id: string): Promise<TicketSelection> {
  if (!isUuid(id)) throw notFound(SUPPORT_MESSAGES.notFound);
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.fromUserId))
    .where(and(eq(supportTickets.id, id), visibleTo(caller)));
  if (!row) throw notFound(SUPPORT_MESSAGES.notFound);
  return row;
}

/** The ticket with its thread, oldest message first. */
export async function ticketDetail(db: Db, caller: Caller, id: string): Promise<TicketDetail> {
  const row = await findTicket(db, caller, id);
  const thread = await db
    .select({ message: supportTicketMessages, name: users.name, username: users.username })
    .from(supportTicketMessages)
    .innerJoin(users, eq(users.id, supportTicketMessages.authorId))
    .where(eq(supportTicketMessages.ticketId, id))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  return {
    ...ticketRecord(row, caller),
    thread: thread.map(({ message, name, username }) => ({
      _id: message.id,
      author: displayName({ name, username }),
      mine: message.authorId === caller.id,
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
  };
}
