import { boolean, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

// The Communication Channels overview: which channels an account has switched on (SPEC 3 "Channels"). The WhatsApp
// provider solutions are waba_solutions (whatsapp.ts).

/** One row per account; an account without a row has every channel off. */
export const channelIntegrations = pgTable("channel_integrations", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  whatsapp: boolean("whatsapp").notNull().default(false),
  rcs: boolean("rcs").notNull().default(false),
  sms: boolean("sms").notNull().default(false),
  voice: boolean("voice").notNull().default(false),
  email: boolean("email").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
