import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// WhatsApp Business Accounts connected by an account (the WhatsApp channel); templates and campaigns name one.

export const wabas = pgTable(
  "wabas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The provider's WABA id: what calls and templates name as waba_id. */
    wabaId: text("waba_id").notNull(),
    name: text("name").notNull(),
    /** The carrier adapter that connected it ("sandbox", "whatsapp-cloud"): its calls go through that adapter. */
    provider: text("provider").notNull().default("sandbox"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("wabas_waba_id_idx").on(t.wabaId), index("wabas_user_idx").on(t.userId)],
);
