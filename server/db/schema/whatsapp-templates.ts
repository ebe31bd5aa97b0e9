import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { WaComponent, WaTemplateCategory, WaTemplateStatus } from "../../../contract/domain/whatsapp-template";
import { users } from "./accounts";
import { createdAt } from "./columns";

// WhatsApp message templates of an account's WABAs, with the state of their review at the provider. The review job
// (server/jobs/template-review.ts) polls rows whose next_check_at is due.

export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wabaId: text("waba_id").notNull(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    /** What the provider settled on (may differ from the requested one: re-categorisation). */
    category: text("category").$type<WaTemplateCategory>().notNull(),
    requestedCategory: text("requested_category").$type<WaTemplateCategory>().notNull(),
    status: text("status").$type<WaTemplateStatus>().notNull(),
    reason: text("reason"),
    components: jsonb("components").$type<WaComponent[]>().notNull(),
    providerTemplateId: text("provider_template_id").notNull(),
    /** Storage key of the header media, when the header is an image, video or document. */
    headerMediaKey: text("header_media_key"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    /** When the review job looks at the row next; null when nothing more is expected. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("whatsapp_templates_name_idx").on(t.wabaId, t.name, t.language),
    index("whatsapp_templates_user_idx").on(t.userId, t.createdAt, t.id),
    index("whatsapp_templates_due_idx").on(t.nextCheckAt),
  ],
);
