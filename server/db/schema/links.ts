import { bigint, bigserial, boolean, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campaignRecipients, campaigns } from "./campaigns";

/**
 * Every fetch of a campaign's short link (services/links): the recipient and the value's position come from the code,
 * so no row exists per link, only per click. Machines (previews, scanners, prefetches) are kept and marked, never
 * counted as people. Holds no number: an erased recipient's clicks say nothing about the person.
 */
export const linkClicks = pgTable(
  "link_clicks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    recipientId: bigint("recipient_id", { mode: "number" })
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: "cascade" }),
    /** The position of the campaign value the link stood for. */
    position: smallint("position").notNull(),
    /** mobile, tablet, desktop, tv or unknown (a machine's is what it claims). */
    device: text("device").notNull(),
    machine: boolean("machine").notNull(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_clicks_campaign_idx").on(t.campaignId, t.recipientId),
    index("link_clicks_recipient_idx").on(t.recipientId),
  ],
);
