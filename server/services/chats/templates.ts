import { sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { QuickReplyRecord } from "../../../contract/calls/chat-records";
import type { ChatChannel } from "../../../contract/domain/chats";
import { fillDltTemplate, smsVariableCount } from "../../../contract/domain/sms";
import {
  fillVariables,
  headerMediaFormat,
  variableCount,
  type WaComponent,
} from "../../../contract/domain/whatsapp-template";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { templateHeaderSource } from "../campaigns/header-media";
import type { ConversationRow } from "./records";

export type QuickReply = Static<typeof QuickReplyRecord>;

interface Row {
  id: string;
  name: string;
  language: string | null;
  body: string;
  /** SMS only: the template's DLT registration. */
  dlt_template_id?: string | null;
  /** WhatsApp only: what the header's media comes from. */
  components?: WaComponent[];
  header_media_key?: string | null;
  waba_id?: string;
}

function headerOf(r: Row): QuickReply["header"] {
  const format = r.components ? headerMediaFormat(r.components) : undefined;
  if (!format || !r.components) return null;
  return {
    format,
    wabaId: r.waba_id ?? "",
    ownFile:
      templateHeaderSource({ name: r.name, components: r.components, headerMediaKey: r.header_media_key ?? null }) !==
      undefined,
  };
}

/**
 * Templates the composer may send in a conversation: the APPROVED WhatsApp templates of the WABA its number belongs to,
 * the SMS templates of the account, the RCS templates of its bot. Outside WhatsApp's window they are all it may send.
 */
export async function quickReplies(
  db: Db,
  conversation: Pick<ConversationRow, "channel" | "userId" | "businessAddress">,
): Promise<QuickReply[]> {
  const channel = conversation.channel as ChatChannel;
  let rows: Row[];
  if (channel === "whatsapp") {
    rows = await rowsOf<Row>(
      db,
      sql`select t.id::text as id, t.name, t.language, t.components, t.header_media_key, w.waba_id,
                 coalesce((select c->>'text' from jsonb_array_elements(t.components) c where c->>'type' = 'BODY' limit 1), '') as body
          from whatsapp_templates t join wabas w on w.waba_id = t.waba_id join waba_phone_numbers p on p.waba_id = w.id
          where p.phone_number_id = ${conversation.businessAddress} and t.user_id = ${conversation.userId} and t.status = 'APPROVED'
          order by t.name`,
    );
  } else if (channel === "sms") {
    // DLT scrubs the header and the template together (a template is registered for its headers), so a conversation
    // with a header is answered with that header's templates, one with an SMS account's reply number with that
    // account's; an address no SMS account names (a carrier channel's inbound number) keeps the account's all.
    const address = conversation.businessAddress;
    rows = await rowsOf<Row>(
      db,
      sql`select t.id::text as id, t.name, null as language, t.body, t.dlt_template_id from sms_templates t join sms_accounts a on a.id = t.sms_account_id
          where a.user_id = ${conversation.userId}
            and (t.sender_id = ${address} or a.reply_number = ${address}
                 or not exists (select 1 from sms_accounts x where x.user_id = ${conversation.userId}
                                  and (${address} = any(x.sender_ids) or x.reply_number = ${address})))
          order by t.name`,
    );
  } else {
    rows = await rowsOf<Row>(
      db,
      sql`select t.id::text as id, t.name, null as language, coalesce(t.draft->>'textMessageContent', '') as body from rcs_templates t
          where t.user_id = ${conversation.userId} and t.bot_id::text = ${conversation.businessAddress} order by t.name`,
    );
  }
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    channel,
    language: r.language,
    body: r.body,
    variableCount: channel === "sms" ? smsVariableCount(r.body) : variableCount(r.body),
    dltTemplateId: r.dlt_template_id || null,
    header: headerOf(r),
  }));
}

/** The text a template shows once its values are filled ({{n}} on WhatsApp and RCS, {#var#} in order on SMS). */
export function renderTemplate(template: QuickReply, params: readonly string[]): string {
  return template.channel === "sms" ? fillDltTemplate(template.body, params) : fillVariables(template.body, params);
}
