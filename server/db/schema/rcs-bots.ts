import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// RCS bots (agents at the carrier) of an account: the RCS channel; RCS templates and campaigns name one.

export const rcsBots = pgTable(
  "rcs_bots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** active | inactive (SPEC 7 bot status update). */
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [index("rcs_bots_user_idx").on(t.userId)],
);
