import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Messages sent on behalf of accounts, and the server's own mail.

/** One row per message sent on behalf of an account; the dashboard's status counts read it. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id"),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    /** The sending identity: a WhatsApp phone number id (WhatsApp analytics group by it), SMS header, RCS bot id. */
    sender: text("sender"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_user_created_idx").on(t.userId, t.createdAt),
    index("messages_sender_created_idx").on(t.sender, t.createdAt),
  ],
);

/** Mail that the server sent (or, without SMTP_URL, would have sent): the embedded default's inbox. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: createdAt(),
});
