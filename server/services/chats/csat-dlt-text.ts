// The SMS survey's text on an Indian DLT route (issue 40 item 6). Operators scrub each SMS against the template its DLT
// template id names and deliver only the registered text, variable only where the template has {#var#} (TRAI TCCCPR
// 2018; contract/domain/sms.ts matchesDltTemplate), so the survey is the account's registered template itself, not
// our question. Decision: every {#var#} is filled with the account's business name (its company name, else its
// name, else its username), cut to DLT's SMS_VARIABLE_MAX characters: it is known for every conversation, where an
// agent is not (a conversation may be resolved unassigned), and a survey template names the business it asks about.
import { and, eq } from "drizzle-orm";
import { SMS_VARIABLE_MAX, fillDltTemplate, smsVariableCount } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { smsAccounts, smsTemplates, users } from "../../db/schema";

/** Why no SMS survey can be written: the template the settings name is no longer one of the account's. */
export const CSAT_DLT_TEMPLATE_GONE = (id: string) =>
  `Survey not sent: no SMS template of this account is registered with DLT template ID ${id}`;

/** The survey's SMS text from the account's template registered as `dltTemplateId`, or why there is none. */
export async function csatDltText(
  db: Db,
  ownerId: string,
  dltTemplateId: string,
): Promise<{ text: string } | { missing: string }> {
  const [template] = await db
    .select({ body: smsTemplates.body })
    .from(smsTemplates)
    .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId))
    .where(and(eq(smsAccounts.userId, ownerId), eq(smsTemplates.dltTemplateId, dltTemplateId)))
    .limit(1);
  if (!template) return { missing: CSAT_DLT_TEMPLATE_GONE(dltTemplateId) };
  const [owner] = await db
    .select({ companyName: users.companyName, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, ownerId));
  const business = [owner?.companyName, owner?.name, owner?.username].map((v) => v?.trim() ?? "").find(Boolean) ?? "";
  const value = [...business].slice(0, SMS_VARIABLE_MAX).join("");
  return { text: fillDltTemplate(template.body, Array(smsVariableCount(template.body)).fill(value)) };
}
