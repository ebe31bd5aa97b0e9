import { sql } from "drizzle-orm";
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { NotificationKind } from "../../../contract/domain/notifications";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * The bell's history, one row per user and notification (services/notifications/notify.ts writes them and pushes
 * each to the user's sockets). `key` says what it is about (`chat:<message id>`, ...): one row per user and key, so
 * a producer that runs twice (a retried job) notifies once.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** Where it leads, inside the user's role area (`chats?chat=<id>`). */
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The bell's pages: a user's rows, newest (highest id) first.
    index("notifications_user_idx").on(t.userId, t.id),
    // The unread count and mark-all-read touch only the unread rows.
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_user_key_idx").on(t.userId, t.key),
  ],
);
