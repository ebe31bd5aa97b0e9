import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DndSource } from "../../../contract/domain/dnd";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * An account's DND list (customers' preferences on India's DLT platform, as far as the account knows them): numbers
 * from its aggregator's scrub files and numbers operators refused as DND. Kept apart from `suppressions`, which
 * blocks every channel: this one holds back SMS by the template's category (contract/domain/dnd.ts).
 */
export const dndNumbers = pgTable(
  "dnd_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** TRAI preference categories 1-8; empty or 0 = fully blocked. */
    preferences: integer("preferences").array().notNull().default([]),
    /** The customer's consent to this sender is recorded: preferences do not hold its SMS back. */
    consent: boolean("consent").notNull().default(false),
    source: text("source").$type<DndSource>().notNull(),
    /** The file's name, or the operator's receipt code. */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dnd_numbers_user_number_idx").on(t.userId, t.number)],
);
