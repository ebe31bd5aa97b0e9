// One statement per kind of message, each reading its own table through its own index in the log's order (time
// descending, id descending) and stopping after `limit` rows: list.ts merges the three. No OFFSET and no count: a
// page costs the same on the first day and at ten million rows. Each branch is scoped to one owner, always.
import { sql, type SQL } from "drizzle-orm";
import { LOG_KINDS, type LogKind, type LogStatus } from "../../../contract/domain/message-log";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { isUuid } from "../caller";
import { isIdOf, type LogFilters } from "./filters";

/** A time as fixed-width UTC text with microseconds: the cursor keeps it whole, and strings sort as instants. */
const iso = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Which statuses each kind has: a filter on another kind's status skips the branch. */
const STATUSES_OF: Readonly<Record<LogKind, readonly LogStatus[]>> = {
  campaign: ["queued", "sending", "sent", "delivered", "read", "replied", "failed", "unknown"],
  api: ["queued", "sending", "sent", "delivered", "read", "failed", "unknown"],
  chat: ["pending", "sent", "delivered", "read", "failed"],
};

/** Whether a kind can have rows under these filters at all (a campaign filter leaves only campaign rows). */
export function branchApplies(kind: LogKind, f: LogFilters): boolean {
  if (f.kind && f.kind !== kind) return false;
  if (f.createdBy && kind !== "campaign") return false;
  if (f.campaignId && kind !== "campaign") return false;
  if (f.status && !STATUSES_OF[kind].includes(f.status)) return false;
  return true;
}

/**
 * The keyset condition of one branch: rows after the cursor in (time desc, kind asc, id desc). A kind before the
 * cursor's kind takes only older times, a kind after it the same time too, the cursor's own kind compares the pair.
 */
function after(kind: LogKind, f: LogFilters, time: SQL, id: SQL, idType: SQL): SQL | undefined {
  const c = f.cursor;
  if (!c) return undefined;
  const order = LOG_KINDS.indexOf(kind) - LOG_KINDS.indexOf(c.kind);
  const t = sql`${c.t}::timestamptz`;
  if (order < 0) return sql`${time} < ${t}`;
  if (order > 0) return sql`${time} <= ${t}`;
  return sql`(${time}, ${id}) < (${t}, ${c.id}::${idType})`;
}

function range(f: LogFilters, time: SQL): SQL[] {
  const out: SQL[] = [];
  if (f.from) out.push(sql`${time} >= ${f.from}::timestamptz`);
  if (f.to) out.push(sql`${time} < ${f.to}::timestamptz`);
  return out;
}

const and = (parts: readonly (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` and `,
  );

export interface CampaignLogRow {
  id: string;
  t: string;
  campaign_id: string;
  campaign_name: string;
  channel: string;
  sender: string;
  to: string;
  variables: (string | null)[] | null;
  provider_message_id: string | null;
  status: string;
  code: string | null;
  failover_state: string | null;
  cost_paise: number;
  failover_cost_paise: number;
  refunded_paise: number;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  replied_at: string | null;
  failed_at: string | null;
  failover_sent_at: string | null;
  failover_delivered_at: string | null;
  failover_failed_at: string | null;
  failover_code: string | null;
}

/** The time of a campaign message: when it was sent, or refused at submit. campaign_recipients_log_idx indexes it. */
const RECIPIENT_TIME = sql`coalesce(r.sent_at, r.failed_at)`;

export async function campaignBranch(db: Db, owner: string, f: LogFilters): Promise<CampaignLogRow[]> {
  const idFilter = f.id
    ? isIdOf("campaign", f.id)
      ? sql`(r.id = ${f.id}::bigint or r.provider_message_id = ${f.id} or r.failover_provider_message_id = ${f.id})`
      : sql`(r.provider_message_id = ${f.id} or r.failover_provider_message_id = ${f.id})`
    : undefined;
  const where = and([
    f.owners ? sql`r.user_id = any(${`{${f.owners.join(",")}}`}::uuid[])` : sql`r.user_id = ${owner}::uuid`,
    f.createdBy ? sql`c.created_by = ${f.createdBy}::uuid` : undefined,
    sql`${RECIPIENT_TIME} is not null`,
    f.number && "exact" in f.number ? sql`r.number = ${f.number.exact}` : undefined,
    f.number && "digits" in f.number ? sql`r.number like ${`%${f.number.digits}%`}` : undefined,
    idFilter,
    f.campaignId ? sql`r.campaign_id = ${f.campaignId}::uuid` : undefined,
    f.status ? sql`r.state = ${f.status}` : undefined,
    f.channel ? sql`c.channel = ${f.channel}` : undefined,
    ...range(f, RECIPIENT_TIME),
    after("campaign", f, RECIPIENT_TIME, sql`r.id`, sql`bigint`),
  ]);
  return rowsOf<CampaignLogRow>(
    db,
    sql`select r.id::text as id, ${iso(RECIPIENT_TIME)} as t, r.campaign_id, c.name as campaign_name, c.channel,
          c.sender_label as sender, r.number as "to", r.variables, r.provider_message_id, r.state as status, r.code,
          r.failover_state, r.cost_paise, r.failover_cost_paise, r.refunded_paise,
          ${iso(sql`r.sent_at`)} as sent_at, ${iso(sql`r.delivered_at`)} as delivered_at, ${iso(sql`r.read_at`)} as read_at,
          ${iso(sql`r.replied_at`)} as replied_at, ${iso(sql`r.failed_at`)} as failed_at,
          ${iso(sql`r.failover_sent_at`)} as failover_sent_at, ${iso(sql`r.failover_delivered_at`)} as failover_delivered_at,
          ${iso(sql`r.failover_failed_at`)} as failover_failed_at, r.failover_code
        from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where ${where}
        order by ${RECIPIENT_TIME} desc, r.id desc
        limit ${f.limit + 1}`,
  );
}

export interface ApiLogRow {
  id: string;
  t: string;
  channel: string;
  sender: string;
  to: string;
  steps: { channel: string; content: unknown; costPaise: number }[];
  step: number;
  charged_step: number;
  provider_message_id: string | null;
  status: string;
  code: string | null;
  cost_paise: number;
  history: { status: string; channel: string; at: string; code?: string | null }[];
}

export async function apiBranch(db: Db, owner: string, f: LogFilters): Promise<ApiLogRow[]> {
  const idFilter = f.id
    ? isUuid(f.id)
      ? sql`(m.id = ${f.id}::uuid or m.provider_message_id = ${f.id})`
      : sql`m.provider_message_id = ${f.id}`
    : undefined;
  const where = and([
    sql`m.user_id = ${owner}::uuid`,
    f.number && "exact" in f.number ? sql`m.to_number = ${f.number.exact}` : undefined,
    f.number && "digits" in f.number ? sql`m.to_number like ${`%${f.number.digits}%`}` : undefined,
    idFilter,
    f.status ? sql`m.state = ${f.status}` : undefined,
    f.channel ? sql`m.channel = ${f.channel}` : undefined,
    ...range(f, sql`m.created_at`),
    after("api", f, sql`m.created_at`, sql`m.id`, sql`uuid`),
  ]);
  return rowsOf<ApiLogRow>(
    db,
    sql`select m.id::text as id, ${iso(sql`m.created_at`)} as t, m.channel, m.sender, m.to_number as "to", m.steps,
          m.step, m.charged_step, m.provider_message_id, m.state as status, m.code, m.cost_paise, m.history
        from api_messages m
        where ${where}
        order by m.created_at desc, m.id desc
        limit ${f.limit + 1}`,
  );
}

export interface ChatLogRow {
  id: string;
  t: string;
  channel: string;
  sender: string;
  to: string;
  text: string;
  body: { templateName?: string; fileName?: string; caption?: string; locationName?: string };
  provider_message_id: string | null;
  status: string;
  error: string | null;
}

/** Outgoing inbox messages; a campaign message shown in a thread is the campaign branch's row, not counted twice. */
export async function chatBranch(db: Db, owner: string, f: LogFilters): Promise<ChatLogRow[]> {
  const idFilter = f.id
    ? isIdOf("chat", f.id)
      ? sql`(m.id = ${f.id}::bigint or m.provider_message_id = ${f.id})`
      : sql`m.provider_message_id = ${f.id}`
    : undefined;
  const where = and([
    sql`m.user_id = ${owner}::uuid`,
    sql`m.direction = 'out'`,
    sql`m.recipient_id is null`,
    f.number && "exact" in f.number
      ? sql`m.conversation_id in (select id from conversations where user_id = ${owner}::uuid and customer_number = ${f.number.exact})`
      : undefined,
    f.number && "digits" in f.number ? sql`v.customer_number like ${`%${f.number.digits}%`}` : undefined,
    idFilter,
    f.status ? sql`coalesce(m.status, 'sent') = ${f.status}` : undefined,
    f.channel ? sql`v.channel = ${f.channel}` : undefined,
    ...range(f, sql`m.created_at`),
    after("chat", f, sql`m.created_at`, sql`m.id`, sql`bigint`),
  ]);
  return rowsOf<ChatLogRow>(
    db,
    sql`select m.id::text as id, ${iso(sql`m.created_at`)} as t, v.channel, v.business_address as sender,
          v.customer_number as "to", m.text, m.body, m.provider_message_id, coalesce(m.status, 'sent') as status, m.error
        from chat_messages m join conversations v on v.id = m.conversation_id
        where ${where}
        order by m.created_at desc, m.id desc
        limit ${f.limit + 1}`,
  );
}
