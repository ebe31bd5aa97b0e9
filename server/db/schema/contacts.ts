import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AttributeType, AttributeValue, ContactSource, LabelColor } from "../../../contract/domain/contacts";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * An account's contacts (issue 39): the people its campaigns and conversations reach, kept beyond one campaign file.
 * The owner is the account that holds the campaigns (a manager for its users and department heads). `number` is E.164
 * and unique per owner. Later: import, consent and segments read and write these rows.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    language: text("language").notNull().default(""),
    labels: text("labels")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Values by attribute key, each of its definition's type in contact_attribute_defs. */
    attributes: jsonb("attributes").$type<Record<string, AttributeValue>>().notNull().default({}),
    source: text("source").$type<ContactSource>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_user_number_idx").on(t.userId, t.number),
    // The list's order and cursor: one owner's rows, last updated first, read a page at a time.
    index("contacts_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index("contacts_labels_idx").using("gin", t.labels),
    // The list's search: any 3 characters of the number, the name or the email (pg_trgm, as the inbox's search).
    index("contacts_search_trgm_idx").using(
      "gin",
      sql`(${t.number} || ' ' || lower(${t.name}) || ' ' || lower(${t.email})) gin_trgm_ops`,
    ),
  ],
);

/**
 * The custom attributes an account's contacts may carry: key, label, type and a choice's values. (Not
 * `contact_attributes`: that is the workflows' per-number tags and fields, which a later step may fold into contacts.)
 */
export const contactAttributeDefs = pgTable(
  "contact_attribute_defs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type").$type<AttributeType>().notNull(),
    choices: text("choices")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_attribute_defs_user_key_idx").on(t.userId, t.key)],
);

/**
 * What stays of an erased person (issue 39's erase): the SHA-256 of the installation's pepper and their E.164 number,
 * per account, so the pre-send check and the public API refuse the number without the product keeping it. The pepper
 * is in app_settings (`erase_pepper`, ERASE_PEPPER sets it), so SQL and the server hash alike.
 */
export const erasedNumbers = pgTable(
  "erased_numbers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hash] })],
);

/**
 * The labels an account's contacts carry, and how each looks (issue 40: coloured labels in the inbox). Which labels a
 * person has stays in contacts.labels; this table holds the owner's (the contacts owner's) label names once, so the
 * filters and pickers read a row per label instead of every contact, and a label recoloured changes everywhere at
 * once. A trigger on contacts (migration contact_labels_known, function contact_labels_sync) adds every label a write brings; `color` null is the
 * colour the name hashes to (defaultLabelColor). A label no contact carries any more goes unless it was given a colour.
 */
export const contactLabelColors = pgTable(
  "contact_label_colors",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").$type<LabelColor>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
