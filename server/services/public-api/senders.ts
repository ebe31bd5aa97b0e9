// What a public-API message needs of its account: the sender of a channel and the template it names, read from the
// same tables as campaigns and the inbox, and cached per process for a few seconds (a busy integration sends the same
// template from the same sender thousands of times a second; a template paused or a sender removed is seen within
// CACHE_MS).
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import { isSmsCategory, type SmsCategory } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { rcsPlaceholderCount, smsPlaceholderCount, whatsappPlaceholderCount } from "../campaigns/placeholders";

const CACHE_MS = 5000;
const CACHE_MAX = 5000;

export interface Sender {
  channel: CampaignChannel;
  /** SMS header, WhatsApp phone number id, RCS bot id. */
  from: string;
  /** SMS: the account's long code where replies arrive (a DLT header is one-way). */
  replyTo?: string;
  /** WhatsApp: the WABA of the number (its templates); SMS: the account. */
  group: string;
}

export type SenderTemplate =
  | {
      channel: "sms";
      id: string;
      name: string;
      body: string;
      dltTemplateId: string;
      from: string;
      variables: number;
      /** The account sends under a DLT entity id. */ dlt: boolean;
      /** The DLT category, which decides the DND scrub (null: not one of DLT's). */ category: SmsCategory | null;
    }
  | {
      channel: "whatsapp";
      id: string;
      name: string;
      language: string;
      category: string;
      body: string;
      group: string;
      variables: number;
    }
  | {
      channel: "rcs";
      id: string;
      name: string;
      draft: RcsTemplateDraft;
      from: string;
      body: string;
      variables: number;
    };

interface SenderRow {
  channel: CampaignChannel;
  address: string;
  reply_to: string | null;
  grp: string;
}

/** Every sender of an account, channel by channel, in the order "the first" means. */
const SENDERS = (userId: string) => sql`
  select 'whatsapp' as channel, p.phone_number_id as address, null as reply_to, w.waba_id as grp, p.created_at as at
    from waba_phone_numbers p join wabas w on w.id = p.waba_id where w.user_id = ${userId}
  union all
  select 'sms', s.sender, nullif(a.reply_number, ''), a.id::text, a.created_at
    from sms_accounts a cross join lateral unnest(a.sender_ids) with ordinality as s(sender, n)
    where a.user_id = ${userId} and a.is_active
  union all
  select 'rcs', b.id::text, null, b.id::text, b.created_at from rcs_bots b where b.user_id = ${userId} and b.status = 'active'`;

interface TemplateRow {
  id: string;
  name: string;
  body: string;
  language: string | null;
  category: string | null;
  grp: string;
  components: { type: string; text?: string }[] | null;
  draft: RcsTemplateDraft | null;
  /** SMS only. */
  dlt_template_id?: string;
  /** SMS only: the account has a DLT entity id. */
  dlt?: boolean;
}

export interface SenderDirectory {
  senders(userId: string): Promise<Sender[]>;
  template(userId: string, channel: CampaignChannel, templateId: string): Promise<SenderTemplate | null>;
}

/** The account's senders and templates with a short per-process cache. */
export function senderDirectory(db: Db): SenderDirectory {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    const value = load();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }
  return {
    senders: (userId) =>
      cached(`s|${userId}`, async () => {
        const rows = await rowsOf<SenderRow>(
          db,
          sql`select channel, address, reply_to, grp from (${SENDERS(userId)}) s order by at, address`,
        );
        return rows.map((r) => ({
          channel: r.channel,
          from: r.address,
          group: r.grp,
          ...(r.reply_to ? { replyTo: r.reply_to } : {}),
        }));
      }),
    template: (userId, channel, templateId) =>
      cached(`t|${userId}|${channel}|${templateId}`, async () => {
        const [row] = await rowsOf<TemplateRow>(db, templateQuery(userId, channel, templateId));
        return row ? templateOf(channel, row) : null;
      }),
  };
}

function templateQuery(userId: string, channel: CampaignChannel, id: string) {
  if (channel === "sms") {
    return sql`select t.id::text as id, t.name, t.body, null as language, t.category, a.id::text as grp, null as components, null as draft,
                      t.sender_id as sender, t.dlt_template_id, btrim(a.dlt_entity_id) <> '' as dlt
               from sms_templates t join sms_accounts a on a.id = t.sms_account_id
               where a.user_id = ${userId} and t.id::text = ${id}`;
  }
  if (channel === "whatsapp") {
    return sql`select t.id::text as id, t.name, coalesce((select c->>'text' from jsonb_array_elements(t.components) c where c->>'type' = 'BODY' limit 1), '') as body,
                      t.language, t.category, t.waba_id as grp, t.components, null as draft
               from whatsapp_templates t where t.user_id = ${userId} and t.id::text = ${id} and t.status = 'APPROVED'`;
  }
  return sql`select t.id::text as id, t.name, coalesce(t.draft->>'textMessageContent', '') as body, null as language, null as category,
                    t.bot_id::text as grp, null as components, t.draft
             from rcs_templates t join rcs_bots b on b.id = t.bot_id
             where t.user_id = ${userId} and t.id::text = ${id} and t.status = 'ACTIVE' and b.status = 'active'`;
}

function templateOf(channel: CampaignChannel, row: TemplateRow & { sender?: string }): SenderTemplate {
  if (channel === "sms")
    return {
      channel,
      id: row.id,
      name: row.name,
      body: row.body,
      dltTemplateId: row.dlt_template_id ?? "",
      from: row.sender ?? "",
      variables: smsPlaceholderCount(row.body),
      dlt: row.dlt === true,
      category: row.category && isSmsCategory(row.category) ? row.category : null,
    };
  if (channel === "whatsapp") {
    return {
      channel,
      id: row.id,
      name: row.name,
      language: row.language ?? "en",
      category: row.category ?? "MARKETING",
      body: row.body,
      group: row.grp,
      variables: whatsappPlaceholderCount(row.components ?? []),
    };
  }
  const draft = row.draft as RcsTemplateDraft;
  return {
    channel,
    id: row.id,
    name: row.name,
    draft,
    from: row.grp,
    body: row.body,
    variables: rcsPlaceholderCount(draft),
  };
}
