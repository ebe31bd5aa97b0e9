import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { campaignRecipients, campaigns } from "./campaigns";
import { createdAt } from "./columns";

/**
 * Conversions a business reported through the public API (services/conversions), each attributed to one campaign
 * recipient or to none. Holds no number: the recipient row has it, and an erased person leaves no trace here.
 * (user_id, external_id) is unique: the idempotency of the call.
 */
export const conversions = pgTable(
  "conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The API key's account. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    kind: text("kind").notNull(),
    /** Exact integer paise; null when the business sent no value. */
    valuePaise: bigint("value_paise", { mode: "number" }),
    currency: text("currency").notNull().default("INR"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    recipientId: bigint("recipient_id", { mode: "number" }).references(() => campaignRecipients.id, {
      onDelete: "set null",
    }),
    /** code or number; null when unattributed. */
    attributedBy: text("attributed_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversions_external_idx").on(t.userId, t.externalId),
    index("conversions_campaign_idx").on(t.campaignId, t.recipientId),
    // A deleted recipient sets its conversions' recipient_id null: found through this, not a scan.
    index("conversions_recipient_idx").on(t.recipientId),
    check("conversions_kind_known", sql`${t.kind} in ('order','signup','lead','custom')`),
    check("conversions_value_non_negative", sql`${t.valuePaise} is null or ${t.valuePaise} >= 0`),
    check("conversions_attribution_known", sql`${t.attributedBy} is null or ${t.attributedBy} in ('code','number')`),
  ],
);

/**
 * An account's postback URL (services/conversions/postback.ts): a shop or a partner calls it with the order's fields
 * when it has no API key to send (a GET with the values in the query). One per account; the token is 256 random bits
 * kept as its SHA-256, so the URL is shown once, when made, and a new one replaces it.
 */
export const conversionPostbacks = pgTable(
  "conversion_postbacks",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The token's last four characters: how the console tells one URL from the next. */
    hint: text("hint").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("conversion_postbacks_token_idx").on(t.tokenHash)],
);
