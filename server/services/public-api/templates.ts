import { sql } from "drizzle-orm";
import type { PublicTemplateRecord } from "../../../contract/calls";
import type { CampaignChannel } from "../../../contract/constants";
import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { rcsPlaceholderCount, smsPlaceholderCount } from "../campaigns/placeholders";
import { variableCount } from "../../../contract/domain/whatsapp-template";

interface Row {
  id: string;
  channel: CampaignChannel;
  name: string;
  sender: string;
  body: string;
  draft: RcsTemplateDraft | null;
}

/** The templates an account can send through the public API, on the channels given: the ids `templateId` takes. */
export async function sendableTemplates(
  db: Db,
  userId: string,
  channels: readonly CampaignChannel[],
): Promise<PublicTemplateRecord[]> {
  if (channels.length === 0) return [];
  const rows = await rowsOf<Row>(
    db,
    sql`select * from (
          select t.id::text as id, 'sms' as channel, t.name, t.sender_id as sender, t.body, null::jsonb as draft
            from sms_templates t join sms_accounts a on a.id = t.sms_account_id where a.user_id = ${userId} and a.is_active
          union all
          select t.id::text, 'whatsapp', t.name, p.phone_number_id,
                 coalesce((select c->>'text' from jsonb_array_elements(t.components) c where c->>'type' = 'BODY' limit 1), ''), null
            from whatsapp_templates t join wabas w on w.waba_id = t.waba_id join waba_phone_numbers p on p.waba_id = w.id
            where t.user_id = ${userId} and t.status = 'APPROVED'
          union all
          select t.id::text, 'rcs', t.name, t.bot_id::text, coalesce(t.draft->>'textMessageContent', ''), t.draft
            from rcs_templates t join rcs_bots b on b.id = t.bot_id where t.user_id = ${userId} and t.status = 'ACTIVE' and b.status = 'active'
        ) x where x.channel = any(${`{${channels.join(",")}}`}::text[]) order by x.channel, x.name, x.sender`,
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    name: r.name,
    from: r.sender,
    body: r.body,
    variables:
      r.channel === "sms"
        ? smsPlaceholderCount(r.body)
        : r.channel === "whatsapp"
          ? variableCount(r.body)
          : rcsPlaceholderCount(r.draft as RcsTemplateDraft),
  }));
}
