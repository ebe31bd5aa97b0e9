// An account's CSAT survey settings (issue 40 item 6), on its inbox_settings row beside auto-assignment and SLAs.
import { eq, sql } from "drizzle-orm";
import { CSAT_QUESTION_DEFAULT } from "../../../contract/domain/csat";
import type { Db } from "../../db/client";
import { inboxSettings } from "../../db/schema";

export interface CsatSettings {
  enabled: boolean;
  question: string;
  /** The approved WhatsApp template sent outside the 24-hour window (null: no survey there). */
  whatsappTemplate: string | null;
  /** The registered DLT template id an SMS survey goes as on a DLT route (null: no survey there). */
  smsDltTemplateId: string | null;
}

export const DEFAULT_CSAT_SETTINGS: CsatSettings = {
  enabled: false,
  question: CSAT_QUESTION_DEFAULT,
  whatsappTemplate: null,
  smsDltTemplateId: null,
};

export async function csatSettings(db: Db, ownerId: string): Promise<CsatSettings> {
  const [row] = await db
    .select({
      enabled: inboxSettings.csatEnabled,
      question: inboxSettings.csatQuestion,
      whatsappTemplate: inboxSettings.csatWhatsappTemplate,
      smsDltTemplateId: inboxSettings.csatSmsDltTemplateId,
    })
    .from(inboxSettings)
    .where(eq(inboxSettings.userId, ownerId));
  return row ?? DEFAULT_CSAT_SETTINGS;
}

const blankToNull = (v: string | null) => (v?.trim() ? v.trim() : null);

export async function saveCsatSettings(db: Db, ownerId: string, next: CsatSettings): Promise<CsatSettings> {
  const saved: CsatSettings = {
    enabled: next.enabled,
    question: next.question.trim(),
    whatsappTemplate: blankToNull(next.whatsappTemplate),
    smsDltTemplateId: blankToNull(next.smsDltTemplateId),
  };
  const values = {
    csatEnabled: saved.enabled,
    csatQuestion: saved.question,
    csatWhatsappTemplate: saved.whatsappTemplate,
    csatSmsDltTemplateId: saved.smsDltTemplateId,
  };
  await db
    .insert(inboxSettings)
    .values({ userId: ownerId, ...values })
    .onConflictDoUpdate({ target: inboxSettings.userId, set: { ...values, updatedAt: sql`now()` } });
  return saved;
}
