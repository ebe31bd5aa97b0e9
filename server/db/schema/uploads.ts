import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Media an account uploaded for its templates and campaigns; the bytes live in the storage (disk or S3) under
// storage_key, this row says whose they are and what they are.

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    /** Ours (user id / row id), never derived from the file name. */
    storageKey: text("storage_key").notNull().unique(),
    /** The name the file had on the uploader's machine: shown, never used as a path. */
    originalName: text("original_name").notNull(),
    /** Sniffed from the bytes. */
    mimeType: text("mime_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_user_channel_idx").on(t.userId, t.channel, t.createdAt),
    check("uploads_channel_known", sql`${t.channel} in ('whatsapp','rcs')`),
    check("uploads_size_positive", sql`${t.size} > 0`),
  ],
);
