import type { WaTemplateField, WaTemplateRow } from "../../../contract/calls/whatsapp-template-records";
import type { whatsappTemplates } from "../../db/schema";

export type TemplateDbRow = typeof whatsappTemplates.$inferSelect;

/** The row as the Graph API would name it, limited to the asked-for fields (id and name always). */
export function toRecord(row: TemplateDbRow, fields?: ReadonlySet<WaTemplateField>): WaTemplateRow {
  const all: Required<Omit<WaTemplateRow, "previous_category" | "rejected_reason">> &
    Pick<WaTemplateRow, "previous_category" | "rejected_reason"> = {
    id: row.id,
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    ...(row.category !== row.requestedCategory ? { previous_category: row.requestedCategory } : {}),
    ...(row.reason ? { rejected_reason: row.reason } : {}),
    components: row.components,
    waba_id: row.wabaId,
    has_header_media: row.headerMediaKey !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  if (!fields) return all;
  const picked: WaTemplateRow = { id: row.id, name: row.name };
  for (const field of fields) if (all[field] !== undefined) Object.assign(picked, { [field]: all[field] });
  return picked;
}
