// The CSAT settings' DLT check (issue 40 item 6): on an Indian DLT route every SMS is scrubbed against the registered
// templates, so an SMS survey ("reply 1-5") there goes only as one of the account's SMS templates, named by its DLT
// template id. Saving refuses an id no SMS template of the account has (it could never go). Without an id the survey
// may still be on: WhatsApp and RCS conversations get theirs, and each SMS number on a DLT route is named in a warning
// the settings screen shows (its conversations get no survey; on resolve the thread's log says why, csat.ts).
import { and, eq } from "drizzle-orm";
import { CSAT_DLT_MESSAGES } from "../../../contract/domain/csat";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { smsAccounts, smsTemplates } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { businessAddresses } from "./addresses";
import type { CsatSettings } from "./csat-settings";
import { dltTemplatesOnly } from "./dlt-route";

/** Refuses (400, under the field) a DLT template id none of the account's SMS templates has. */
export async function checkCsatDlt(
  deps: { db: Db },
  ownerId: string,
  next: Pick<CsatSettings, "smsDltTemplateId">,
): Promise<void> {
  const id = next.smsDltTemplateId?.trim();
  if (!id) return;
  const [registered] = await deps.db
    .select({ id: smsTemplates.id })
    .from(smsTemplates)
    .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId))
    .where(and(eq(smsAccounts.userId, ownerId), eq(smsTemplates.dltTemplateId, id)))
    .limit(1);
  if (!registered) {
    const message = CSAT_DLT_MESSAGES.unknown(id);
    throw badRequest(message, [{ field: "smsDltTemplateId", message }]);
  }
}

/** The account's SMS numbers on a DLT route whose conversations get no survey with these settings, as warnings. */
export async function csatDltWarnings(
  deps: { db: Db; carrier: Carrier },
  ownerId: string,
  settings: Pick<CsatSettings, "enabled" | "smsDltTemplateId">,
): Promise<string[]> {
  if (!settings.enabled || settings.smsDltTemplateId?.trim()) return [];
  const warnings: string[] = [];
  for (const a of await businessAddresses(deps.db, ownerId)) {
    if (a.channel !== "sms") continue;
    if (await dltTemplatesOnly(deps.carrier, { channel: "sms", businessAddress: a.address }))
      warnings.push(CSAT_DLT_MESSAGES.noSurvey(a.address));
  }
  return warnings;
}
