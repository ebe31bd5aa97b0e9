import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { wabas } from "./wabas";

// The WhatsApp channel beyond the WABA row itself: its phone numbers (with their business profile) and the
// platform's choice of WABA provider solution.

/** Meta's business profile of one phone number, as stored (the API's snake_case names). */
export interface StoredBusinessProfile {
  about?: string;
  address?: string;
  description?: string;
  email?: string;
  websites?: string[];
  vertical?: string;
  /** A media upload handle, or an http(s) URL of the picture. */
  profile_picture_handle?: string;
}

export const wabaPhoneNumbers = pgTable(
  "waba_phone_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    wabaId: uuid("waba_id")
      .notNull()
      .references(() => wabas.id, { onDelete: "cascade" }),
    /** The provider's phone number id: the sender of WhatsApp messages (messages.sender). */
    phoneNumberId: text("phone_number_id").notNull(),
    displayPhoneNumber: text("display_phone_number").notNull(),
    verifiedName: text("verified_name").notNull(),
    /** GREEN | YELLOW | RED | UNKNOWN, as the provider last reported it. */
    qualityRating: text("quality_rating").notNull().default("UNKNOWN"),
    /** SANDBOX | LIVE (Meta's account_mode). */
    accountMode: text("account_mode").notNull().default("SANDBOX"),
    businessProfile: jsonb("business_profile").$type<StoredBusinessProfile>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waba_phone_numbers_phone_idx").on(t.phoneNumberId),
    index("waba_phone_numbers_waba_idx").on(t.wabaId),
  ],
);

/**
 * WABA provider solutions (Meta "solutions" of a tech provider); one of them is the platform's selection, which
 * new onboardings use. The channels branch lists their ids from this table too.
 */
export const wabaSolutions = pgTable(
  "waba_solutions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    solutionId: text("solution_id").notNull(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    selected: boolean("selected").notNull().default(false),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waba_solutions_solution_idx").on(t.solutionId),
    // At most one selection, enforced by the database rather than by every writer.
    uniqueIndex("waba_solutions_one_selected_idx")
      .on(t.selected)
      .where(sql`${t.selected}`),
  ],
);
