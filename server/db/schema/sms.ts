import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// The SMS channel: an account's SMS routes with their India DLT registration, and the DLT templates sent on them.

export const smsAccounts = pgTable(
  "sms_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The provider and route this account sends through, as the operator labels it ("Sandbox · transactional"). */
    provider: text("provider").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** DLT principal entity id: digits, 19 as issued today. Empty until the business registers. */
    dltEntityId: text("dlt_entity_id").notNull().default(""),
    /** The DLT headers (sender ids) registered for this entity: six capital letters each. */
    senderIds: text("sender_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The long code or virtual number where recipients' SMS replies arrive (DLT headers are one-way). */
    replyNumber: text("reply_number"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_accounts_user_idx").on(t.userId)],
);

export const smsTemplates = pgTable(
  "sms_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    smsAccountId: uuid("sms_account_id")
      .notNull()
      .references(() => smsAccounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    body: text("body").notNull(),
    category: text("category").notNull(),
    senderId: text("sender_id").notNull(),
    dltTemplateId: text("dlt_template_id").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sms_templates_account_idx").on(t.smsAccountId),
    check(
      "sms_templates_category_known",
      sql`${t.category} in ('transactional','service-implicit','service-explicit','promotional')`,
    ),
  ],
);
