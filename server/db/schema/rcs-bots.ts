import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { RbmBillingCategory } from "../../../contract/domain/charging";
import { createdAt } from "./columns";
import { users } from "./accounts";

// RCS bots (agents at the carrier) of an account: the RCS channel; RCS templates and campaigns name one.
// The registration columns have defaults (or allow null) so a row made with only id, user_id and name stays valid.

export const rcsBots = pgTable(
  "rcs_bots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** active | inactive (SPEC 7 bot status update). */
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    description: text("description").notNull().default(""),
    /** OTP | TRANSACTIONAL | PROMOTIONAL | MULTI_USE: traffic must match it. */
    useCase: text("use_case").notNull().default("MULTI_USE"),
    brandColor: text("brand_color").notNull().default("#1A73E8"),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    phone: text("phone"),
    website: text("website"),
    privacyUrl: text("privacy_url"),
    termsUrl: text("terms_url"),
    /** The provider's agent id; null until registered (then every carrier reads UNLAUNCHED). */
    providerBotId: text("provider_bot_id"),
    /**
     * The agent's billing category at Google, chosen when it is created and never changed
     * (contract/domain/charging.ts).
     */
    billingCategory: text("billing_category").$type<RbmBillingCategory>().notNull().default("non_conversational"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rcs_bots_user_idx").on(t.userId),
    check("rcs_bots_billing_category_known", sql`${t.billingCategory} in ('non_conversational', 'conversational')`),
  ],
);

/**
 * A conversational agent's 24-hour conversations with a person (server/services/rcs-conversations.ts): each charged
 * once to the account (ledger `rcs_conversation`), its agent's messages to that person inside it not charged one by
 * one. The bot is kept by id and name, not referenced: the charge outlives a deleted bot.
 */
export const rcsConversations = pgTable(
  "rcs_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    botId: text("bot_id").notNull(),
    number: text("number").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    costPaise: integer("cost_paise").notNull(),
    /** The per-message charges of the agent's messages the conversation took in, given back when it started. */
    givenBackPaise: integer("given_back_paise").notNull().default(0),
  },
  (t) => [
    index("rcs_conversations_open_idx").on(t.botId, t.number, t.endsAt),
    index("rcs_conversations_user_idx").on(t.userId, t.startedAt),
  ],
);
