import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SegmentDefinition } from "../../../contract/domain/segments";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * Saved segments (issue 39, item 4): a named filter over the owner's contacts (the account that holds the
 * campaigns, as for contacts). The definition is checked against the owner's attributes when saved and compiled to
 * SQL when counted or read as a campaign's audience (services/segments/compile.ts).
 */
export const segments = pgTable(
  "segments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    definition: jsonb("definition").$type<SegmentDefinition>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("segments_user_name_idx").on(t.userId, t.name),
    index("segments_user_updated_idx").on(t.userId, t.updatedAt),
  ],
);
