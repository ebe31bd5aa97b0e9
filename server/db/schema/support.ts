import { index, integer, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { SupportDestination, SupportKind, SupportStatus } from "../../../contract/domain/support";
import { users } from "./accounts";
import { createdAt } from "./columns";

/** Ticket numbers people quote (#1001, #1002 ...): short, and unrelated to the id that URLs carry. */
export const supportTicketNumbers = pgSequence("support_ticket_number_seq", { startWith: 1001 });

/**
 * The support desk (issue 37): a ticket filed from the Support or Feedback item of an admin's or a reseller's sidebar.
 * `to` says where it went (contract/domain/support.ts `supportRoute`): `admin` with `to_user_id` the reseller's
 * admin, or null for every admin; `operator` for an admin's, mailed to SUPPORT_OPERATOR_EMAIL.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number")
      .notNull()
      .unique()
      .default(sql`nextval('support_ticket_number_seq')`),
    kind: text("kind").$type<SupportKind>().notNull(),
    subject: text("subject").notNull(),
    status: text("status").$type<SupportStatus>().notNull().default("open"),
    fromUserId: uuid("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    to: text("to").$type<SupportDestination>().notNull(),
    toUserId: uuid("to_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    // The filer's list, and the admins' (their own and the ones to every admin), last changed first.
    index("support_tickets_from_idx").on(t.fromUserId, t.updatedAt),
    index("support_tickets_to_idx").on(t.to, t.toUserId, t.updatedAt),
  ],
);

/** A ticket's thread: the first message is the filer's, then both sides' replies in order. */
export const supportTicketMessages = pgTable(
  "support_ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_ticket_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);
