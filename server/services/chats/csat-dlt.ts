// The CSAT settings' DLT check (issue 40 item 6): on an Indian DLT route every SMS is scrubbed against the registered
// templates, so an SMS survey ("reply 1-5") there must go as one of the account's SMS templates, named by its DLT
// template id. Saving refuses an id no SMS template of the account has, and turning the survey on without one while
// any of the account's SMS numbers is on a DLT route: the owner learns it in the settings, not from a log line after
// each resolve.
import { and, eq } from "drizzle-orm";
import { CSAT_DLT_MESSAGES } from "../../../contract/domain/csat";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { smsAccounts, smsTemplates } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { businessAddresses } from "./addresses";
import type { CsatSettings } from "./csat-settings";
import { dltTemplatesOnly } from "./dlt-route";

export async function checkCsatDlt(
  deps: { db: Db; carrier: Carrier },
  ownerId: string,
  next: Pick<CsatSettings, "enabled" | "smsDltTemplateId">,
): Promise<void> {
  const id = next.smsDltTemplateId?.trim();
  const refuse = (message: string) => badRequest(message, [{ field: "smsDltTemplateId", message }]);
  if (id) {
    const [registered] = await deps.db
      .select({ id: smsTemplates.id })
      .from(smsTemplates)
      .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId))
      .where(and(eq(smsAccounts.userId, ownerId), eq(smsTemplates.dltTemplateId, id)))
      .limit(1);
    if (!registered) throw refuse(CSAT_DLT_MESSAGES.unknown(id));
    return;
  }
  if (!next.enabled) return;
  for (const a of await businessAddresses(deps.db, ownerId)) {
    if (a.channel !== "sms") continue;
    if (await dltTemplatesOnly(deps.carrier, { channel: "sms", businessAddress: a.address }))
      throw refuse(CSAT_DLT_MESSAGES.needed(a.address));
  }
}
