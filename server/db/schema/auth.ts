import { index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Sign-in state: sessions, password resets, the impersonation audit, failed-login counts.

/**
 * Server-side sessions: the token carries the id, so logout, a password reset, a suspension or a role change can
 * end a session before its token expires. An impersonation session records its admin and the admin's session, and
 * is revoked together with them.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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

export const passwordResets = pgTable("password_resets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Only a hash is stored: a database leak does not leak usable links. */
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const impersonationAudit = pgTable("impersonation_audit", {
  id: uuid("id").primaryKey().defaultRandom(),
  adminId: uuid("admin_id")
    .notNull()
    .references(() => users.id),
  targetId: uuid("target_id")
    .notNull()
    .references(() => users.id),
  /** The impersonation session this row opened; every row that session causes carries adminId as impersonated_by. */
  sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "set null" }),
  ip: text("ip").notNull().default(""),
  createdAt: createdAt(),
});

/** Failed logins per resolved account, in the database so every process sees the same count. */
export const loginFailures = pgTable("login_failures", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
});
