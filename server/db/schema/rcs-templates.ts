import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { rcsBots } from "./rcs-bots";

// RCS templates built in the bot template builder: the whole draft as jsonb (it is read and written as one piece),
// with the columns lists filter and sort on beside it.

export const rcsTemplates = pgTable(
  "rcs_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    botId: uuid("bot_id")
      .notNull()
      .references(() => rcsBots.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** text | standalone | carousel */
    type: text("type").notNull(),
    draft: jsonb("draft").$type<RcsTemplateDraft>().notNull(),
    fromLibrary: boolean("from_library").notNull().default(false),
    /** The library template it started from, when fromLibrary. */
    libraryId: text("library_id"),
    status: text("status").notNull().default("ACTIVE"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rcs_templates_owner_name_uq").on(t.userId, t.name),
    index("rcs_templates_user_idx").on(t.userId, t.createdAt),
  ],
);
