import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ChargeBasis, RateKey } from "../../../contract/domain/charging";
import type { RateCardScope } from "../../../contract/domain/rate-cards";
import { users } from "./accounts";
import { createdAt } from "./columns";

// Rate cards beside the global card (channel_rates): an account's own rates, and a reseller's card for its customers,
// each key effective from a date. Rows are history: a later effective date adds a row, the same date replaces it.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const rateCards = pgTable(
  "rate_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account the card is for: its own rates ("account"), or a reseller's default for its customers. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").$type<RateCardScope>().notNull(),
    key: text("key").$type<RateKey>().notNull(),
    paise: integer("paise").notNull(),
    effectiveFrom: at("effective_from").notNull(),
    setBy: uuid("set_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("rate_cards_account_scope_key_from_idx").on(t.accountId, t.scope, t.key, t.effectiveFrom)],
);

/** Every change of a rate, global or on a card: who, when, which card and key, old and new, effective from. */
export const rateCardAudit = pgTable(
  "rate_card_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    impersonatedBy: uuid("impersonated_by").references(() => users.id, { onDelete: "set null" }),
    /** Null for the global card. */
    accountId: uuid("account_id").references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").$type<RateCardScope | "global">().notNull(),
    key: text("key").$type<RateKey>().notNull(),
    /** The rate the card had for that key from that date before the change; null when it had none. */
    oldPaise: integer("old_paise"),
    newPaise: integer("new_paise").notNull(),
    /** The global SMS rate's basis before and after (submitted or delivered): a change of it alone is audited too. */
    oldBilledOn: text("old_billed_on").$type<ChargeBasis>(),
    newBilledOn: text("new_billed_on").$type<ChargeBasis>(),
    effectiveFrom: at("effective_from").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_card_audit_account_idx").on(t.accountId, t.createdAt)],
);
