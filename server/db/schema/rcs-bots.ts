import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// RCS bots (agents at the carrier) of an account: the RCS channel; RCS templates and campaigns name one.
// The registration columns have defaults (or allow null) so a row made with only id, user_id and name stays valid.

export const rcsBots = pgTable(
  "rcs_bots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** active | inactive (SPEC 7 bot status update). */
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    description: text("description").notNull().default(""),
    /** OTP | TRANSACTIONAL | PROMOTIONAL | MULTI_USE: traffic must match it. */
    useCase: text("use_case").notNull().default("MULTI_USE"),
    brandColor: text("brand_color").notNull().default("#1A73E8"),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    phone: text("phone"),
    website: text("website"),
    privacyUrl: text("privacy_url"),
    termsUrl: text("terms_url"),
    /** The provider's agent id; null until registered (then every carrier reads UNLAUNCHED). */
    providerBotId: text("provider_bot_id"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rcs_bots_user_idx").on(t.userId)],
);
