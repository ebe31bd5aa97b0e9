import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// The Communication Channels overview: which channels an account has switched on (SPEC 3 "Channels"), and the
// WhatsApp provider solutions a WABA can be onboarded through.

/** One row per account; an account without a row has every channel off. */
export const channelIntegrations = pgTable("channel_integrations", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  whatsapp: boolean("whatsapp").notNull().default(false),
  rcs: boolean("rcs").notNull().default(false),
  sms: boolean("sms").notNull().default(false),
  voice: boolean("voice").notNull().default(false),
  email: boolean("email").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** WhatsApp Business Solution providers (Meta's "solution id"); the admin picks one elsewhere (waba.*). */
export const wabaProviderSolutions = pgTable("waba_provider_solutions", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  provider: text("provider").notNull(),
  createdAt: createdAt(),
});
