import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { carrierChannels } from "./carrier-channels";
import { createdAt } from "./columns";

// What an SMPP channel must remember across restarts and server processes to settle a submit whose submit_sm_resp
// was lost (server/carriers/smpp/unanswered.ts): the submits themselves, and the SMSC ids answered for submits that
// look like one of them. Any process bound to the SMSC account may receive the receipt, so any process can settle it.
// Rows expire after the receipt window (48 h) and at most 10,000 are kept per channel, oldest dropped first.

/**
 * A submit whose first part the SMSC never answered (`first_smsc_id` null), or a long message whose first part was
 * answered with `first_smsc_id` but a later part was not (or not sent): its receipt settles it.
 */
export const smppUnanswered = pgTable(
  "smpp_unanswered",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    /** Our message id (what the dispatcher reconciles by). */
    messageId: text("message_id").notNull(),
    /** Digits of the destination_addr and the source_addr as submitted, and the first part's text. */
    handset: text("handset").notNull(),
    header: text("header").notNull(),
    text: text("text").notNull(),
    parts: integer("parts").notNull(),
    firstSmscId: text("first_smsc_id"),
    /** Why the message cannot have arrived whole (with `first_smsc_id`). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("smpp_unanswered_handset_idx").on(t.channelId, t.handset),
    index("smpp_unanswered_first_idx").on(t.channelId, t.firstSmscId),
    index("smpp_unanswered_created_idx").on(t.channelId, t.createdAt),
  ],
);

/**
 * An SMSC id answered for a submit of the same handset and header as an unanswered one: its receipt is that message's,
 * however alike the two are, whichever process receives it. Written only while such an unanswered submit is kept.
 */
export const smppAnswered = pgTable(
  "smpp_answered",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    smscId: text("smsc_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.smscId] }),
    index("smpp_answered_created_idx").on(t.channelId, t.createdAt),
  ],
);
