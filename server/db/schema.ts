import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(14,2): exact arithmetic in SQL, converted to a number only at the edge. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

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
    status: text("status").notNull().default("active"),
    parentId: uuid("parent_id").references((): AnyPgColumn => users.id),
    isFirstLogin: boolean("is_first_login").notNull().default(true),
    balance: money("balance").notNull().default("0"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("users_parent_idx").on(t.parentId),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_role_known", sql`${t.role} in ('admin','reseller','manager','user','department_head')`),
    check("users_status_known", sql`${t.status} in ('active','suspended')`),
  ],
);

export const modulePermissions = pgTable(
  "module_permissions",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    moduleName: text("module_name").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id),
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleName] })],
);

/** Every balance change is a row here, written in the same transaction as the balance it explains. */
export const balanceLedger = pgTable(
  "balance_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    balanceAfter: money("balance_after").notNull(),
    kind: text("kind").notNull(),
    note: text("note").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id),
    counterpartyId: uuid("counterparty_id").references(() => users.id),
    /** The admin behind an impersonation session that caused this row (actorId is then the impersonated account). */
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_user_idx").on(t.userId, t.createdAt)],
);

export const balanceRequests = pgTable(
  "balance_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("pending"),
    impersonatedBy: uuid("impersonated_by").references(() => users.id),
    /** Who approved or rejected it; a request is decided once. */
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The rejection reason shown to the requester. */
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("balance_requests_user_idx").on(t.userId),
    check("balance_requests_status_known", sql`${t.status} in ('pending','approved','rejected')`),
  ],
);

export const passwordResets = pgTable("password_resets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** Only a hash is stored: a database leak does not leak usable links. */
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Mail that the server sent (or, without SMTP_URL, would have sent): the embedded default's inbox. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const impersonationAudit = pgTable("impersonation_audit", {
  id: uuid("id").primaryKey().defaultRandom(),
  adminId: uuid("admin_id").notNull().references(() => users.id),
  targetId: uuid("target_id").notNull().references(() => users.id),
  /** The impersonation session this row opened; every row that session causes carries adminId as impersonated_by. */
  sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "set null" }),
  ip: text("ip").notNull().default(""),
  createdAt: createdAt(),
});

/** One row per message sent on behalf of an account; the dashboard's status counts read it. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id"),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [index("messages_user_created_idx").on(t.userId, t.createdAt)],
);

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Server-side sessions: the token carries the id, so logout, a password reset, a suspension or a role change can
 * end a session before its token expires. An impersonation session records its admin and the admin's session, and
 * is revoked together with them.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: uuid("impersonated_by").references(() => users.id, { onDelete: "cascade" }),
    parentSessionId: uuid("parent_session_id").references((): AnyPgColumn => sessions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_impersonated_by_idx").on(t.impersonatedBy),
    index("sessions_parent_idx").on(t.parentSessionId),
  ],
);

/**
 * Counters of @fastify/rate-limit when DATABASE_URL is set, so several server processes share one window per key
 * (on PGlite, one process, the plugin's in-memory store is used and this table stays empty).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Failed logins per resolved account, in the database so every process sees the same count. */
export const loginFailures = pgTable("login_failures", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
});

/** An email change waits here until the new address confirms it; only a hash of the mailed token is kept. */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
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
    targetId: uuid("target_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    oldValue: text("old_value").notNull().default(""),
    newValue: text("new_value").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("account_audit_target_idx").on(t.targetId, t.createdAt)],
);
