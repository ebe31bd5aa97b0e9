import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Rate-limit counters shared by server processes.

/**
 * Counters of @fastify/rate-limit when DATABASE_URL is set, so several server processes share one window per key
 * (on PGlite, one process, the plugin's in-memory store is used and this table stays empty).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
