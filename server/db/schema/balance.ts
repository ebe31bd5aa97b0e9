import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { users } from "./accounts";

// Balance: the ledger of every change and the requests for more.

/** Every balance change is a row here, written in the same transaction as the balance it explains. */
export const balanceLedger = pgTable(
  "balance_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    balanceAfter: money("balance_after").notNull(),
    kind: text("kind").notNull(),
    note: text("note").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id),
    counterpartyId: uuid("counterparty_id").references(() => users.id),
    /** The admin behind an impersonation session that caused this row (actorId is then the impersonated account). */
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    createdAt: createdAt(),
  },
  // Quota reports read every account in reach by day (an admin: the whole ledger).
  (t) => [index("ledger_user_idx").on(t.userId, t.createdAt), index("ledger_created_idx").on(t.createdAt)],
);

export const balanceRequests = pgTable(
  "balance_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("pending"),
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    /** Who approved or rejected it; a request is decided once. */
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The rejection reason shown to the requester. */
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("balance_requests_user_idx").on(t.userId),
    check("balance_requests_status_known", sql`${t.status} in ('pending','approved','rejected')`),
  ],
);
