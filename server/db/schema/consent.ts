import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ConsentChannel, ConsentMethod, ConsentPurpose, ConsentStatus } from "../../../contract/domain/consent";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * The consent ledger: append-only, one row per opt-in or opt-out of a number (E.164) for a channel ('all' = every
 * channel) and purpose ('any' = every message). A number needs no contact to have consent. Its current state for a
 * (channel, purpose) is its latest event (contract/domain/consent.ts); the suppression list is the view of
 * ('all', 'any') opt-outs, kept in `suppressions` so the list's screen and checks stay as they were.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    // A sequence, not a uuid: events written in one statement keep their order (the latest wins a tie on time).
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    channel: text("channel").$type<ConsentChannel>().notNull(),
    purpose: text("purpose").$type<ConsentPurpose>().notNull(),
    status: text("status").$type<ConsentStatus>().notNull(),
    method: text("method").$type<ConsentMethod>().notNull(),
    proof: text("proof").notNull().default(""),
    /** Who recorded it (an agent or API key's account); null for keyword replies and provider errors. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The latest event per (owner, number, channel, purpose), and the pre-send check's per-account walk.
    index("consent_events_latest_idx").on(t.userId, t.number, t.channel, t.purpose, t.createdAt, t.id),
  ],
);

/** An account's consent settings (a row only once changed; no row = the defaults). */
export const consentSettings = pgTable("consent_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Meta requires opt-in for business-initiated WhatsApp messages: when on, template campaigns skip numbers without one. */
  requireWhatsappOptIn: boolean("require_whatsapp_opt_in").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
