import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import {
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_STATUSES,
  type WaComponent,
  type WaTemplateCategory,
  type WaTemplateStatus,
} from "../domain/whatsapp-template";

const Category = Type.Unsafe<WaTemplateCategory>({ type: "string", enum: [...WA_TEMPLATE_CATEGORIES] });
const Status = Type.Unsafe<WaTemplateStatus>({ type: "string", enum: [...WA_TEMPLATE_STATUSES] });

/**
 * A WhatsApp template as Meta's Graph API names its fields. `previous_category` is set when the provider
 * re-categorised it (a UTILITY template approved as MARKETING); `rejected_reason` also explains PAUSED/DISABLED.
 * Only id and name are always present: `fields` picks the others.
 */
export const WaTemplateRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  language: Type.Optional(Type.String()),
  status: Type.Optional(Status),
  category: Type.Optional(Category),
  previous_category: Type.Optional(Category),
  rejected_reason: Type.Optional(Type.String()),
  components: Type.Optional(Type.Array(Type.Unsafe<WaComponent>({ type: "object", additionalProperties: true }))),
  waba_id: Type.Optional(Type.String()),
  /** Whether we keep the header's file (the sample it was submitted with): waba.templates.headerMedia serves it. */
  has_header_media: Type.Optional(Type.Boolean()),
  created_at: Type.Optional(Type.String({ format: "date-time" })),
  updated_at: Type.Optional(Type.String({ format: "date-time" })),
});
export type WaTemplateRow = Static<typeof WaTemplateRow>;

/** The fields `fields=` may name (id and name always come). */
export const WA_TEMPLATE_FIELDS = [
  "language",
  "status",
  "category",
  "previous_category",
  "rejected_reason",
  "components",
  "waba_id",
  "has_header_media",
  "created_at",
  "updated_at",
] as const;
export type WaTemplateField = (typeof WA_TEMPLATE_FIELDS)[number];

/** Cursor paging as the Graph API answers it: opaque cursors of the first and last row, and whether more lie beyond. */
export const WaTemplatePage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(WaTemplateRow),
  paging: Type.Object({
    cursors: Type.Object({ before: Type.Optional(Type.String()), after: Type.Optional(Type.String()) }),
    hasBefore: Type.Boolean(),
    hasAfter: Type.Boolean(),
  }),
});

export const WaTemplateCreated = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: WaTemplateRow,
});
