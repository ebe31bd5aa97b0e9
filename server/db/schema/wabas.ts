import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { carrierChannels } from "./carrier-channels";

// WhatsApp Business Accounts connected by an account (the WhatsApp channel); templates and campaigns name one.

export const wabas = pgTable(
  "wabas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The provider's WABA id: what calls and templates name as waba_id. */
    wabaId: text("waba_id").notNull(),
    name: text("name").notNull(),
    /** The carrier adapter that connected it ("sandbox", "whatsapp_cloud"): its calls go through that adapter. */
    provider: text("provider").notNull().default("sandbox"),
    /**
     * The real provider connection that serves this WABA's numbers (credentials, health); null: the default carrier.
     */
    channelId: uuid("channel_id").references(() => carrierChannels.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wabas_waba_id_idx").on(t.wabaId),
    index("wabas_user_idx").on(t.userId),
    index("wabas_channel_idx").on(t.channelId),
  ],
);
