import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";

// Accounts: users, their module permissions, email changes and the account audit.

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull().unique(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    name: text("name").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    // The IANA zone the person's console shows dates in and schedules in (contract/domain/time-zone.ts).
    timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
    status: text("status").notNull().default("active"),
    parentId: uuid("parent_id").references((): AnyPgColumn => users.id),
    isFirstLogin: boolean("is_first_login").notNull().default(true),
    balance: money("balance").notNull().default("0"),
    // Days a conversion reported by number looks back for the message that brought it (contract/domain/conversions.ts).
    conversionWindowDays: integer("conversion_window_days").notNull().default(7),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("users_parent_idx").on(t.parentId),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_role_known", sql`${t.role} in ('admin','reseller','manager','user','department_head')`),
    check("users_status_known", sql`${t.status} in ('active','suspended')`),
    check("users_conversion_window", sql`${t.conversionWindowDays} between 1 and 90`),
  ],
);

export const modulePermissions = pgTable(
  "module_permissions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleName: text("module_name").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id),
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleName] })],
);

/** An email change waits here until the new address confirms it; only a hash of the mailed token is kept. */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    requestedBy: uuid("requested_by").references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/** Who changed what on an account (email changes requested and confirmed). */
export const accountAudit = pgTable(
  "account_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id),
    targetId: uuid("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    oldValue: text("old_value").notNull().default(""),
    newValue: text("new_value").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("account_audit_target_idx").on(t.targetId, t.createdAt)],
);
