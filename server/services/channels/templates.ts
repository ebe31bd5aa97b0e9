// The unified templates table: SMS, WhatsApp and RCS templates as one list. Each channel's rows come with the
// tenancy of that channel's own list, and only for roles that may list that channel (the contract's role table).
import { eq, sql, type SQL } from "drizzle-orm";
import { rolesFor, type CallId, type TemplateChannel, type UnifiedTemplateRow } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { rcsBots, rcsTemplates, smsAccounts, smsTemplates, wabas, whatsappTemplates } from "../../db/schema";
import type { Caller } from "../caller";
import { filterValue, totalPages, type pageWindow } from "../paging";
import { accountOwnerFilter } from "../sms/accounts";

const LIST_CALL: Record<TemplateChannel, CallId> = {
  sms: "sms.templates.list",
  whatsapp: "waba.templates.list",
  rcs: "rcsTemplates.list",
};

/** The channels whose templates this role may list. */
export const channelsFor = (caller: Caller): TemplateChannel[] =>
  (Object.keys(LIST_CALL) as TemplateChannel[]).filter((c) => rolesFor(LIST_CALL[c]).includes(caller.role));

const always = sql`true`;
const scoped = (filter: SQL | undefined) => filter ?? always;

/** One select per channel, all with the same columns, so they stack with UNION ALL. */
function channelSelect(channel: TemplateChannel, caller: Caller): SQL {
  switch (channel) {
    case "sms":
      return sql`select ${smsTemplates.id}::text as id, 'sms' as channel, ${smsTemplates.name} as name, 'REGISTERED' as status,
          ${smsTemplates.category} as category, ${smsAccounts.name} as source, ${smsTemplates.senderId} as detail, ${smsTemplates.updatedAt} as updated_at
        from ${smsTemplates} join ${smsAccounts} on ${smsAccounts.id} = ${smsTemplates.smsAccountId}
        where ${scoped(accountOwnerFilter(caller))}`;
    case "whatsapp":
      return sql`select ${whatsappTemplates.id}::text, 'whatsapp', ${whatsappTemplates.name}, ${whatsappTemplates.status},
          ${whatsappTemplates.category}, coalesce(${wabas.name}, ${whatsappTemplates.wabaId}), ${whatsappTemplates.language}, ${whatsappTemplates.updatedAt}
        from ${whatsappTemplates} left join ${wabas} on ${wabas.wabaId} = ${whatsappTemplates.wabaId}
        where ${caller.role === "admin" ? always : eq(whatsappTemplates.userId, caller.id)}`;
    case "rcs":
      return sql`select ${rcsTemplates.id}::text, 'rcs', ${rcsTemplates.name}, ${rcsTemplates.status},
          null, ${rcsBots.name}, ${rcsTemplates.type}, ${rcsTemplates.updatedAt}
        from ${rcsTemplates} join ${rcsBots} on ${rcsBots.id} = ${rcsTemplates.botId}
        where ${caller.role === "admin" ? always : eq(rcsTemplates.userId, caller.id)}`;
  }
}

/** Searched as typed: LIKE's own wildcards (% and _) in the text match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

export interface UnifiedFilters {
  channel?: TemplateChannel;
  status?: string;
  category?: string;
  search?: string;
}

/** A page row joined to the totals; with an empty page the one row has the totals and null page columns. */
interface Row {
  id: string | null;
  channel: TemplateChannel;
  name: string;
  status: string;
  category: string | null;
  source: string;
  detail: string;
  updated_at: string | Date;
  total: number;
}

export async function listUnified(
  db: Db,
  caller: Caller,
  window: ReturnType<typeof pageWindow>,
  filters: UnifiedFilters,
) {
  const channels = channelsFor(caller);
  const all = sql.join(
    channels.map((c) => sql`(${channelSelect(c, caller)})`),
    sql` union all `,
  );
  const status = filterValue(filters.status);
  const category = filterValue(filters.category);
  const search = filterValue(filters.search);
  const where = sql.join(
    [
      always,
      ...(filters.channel ? [sql`channel = ${filters.channel}`] : []),
      ...(status ? [sql`upper(status) = upper(${status})`] : []),
      ...(category ? [sql`lower(category) = lower(${category})`] : []),
      ...(search ? [sql`(name ilike ${likePattern(search)} or source ilike ${likePattern(search)})`] : []),
    ],
    sql` and `,
  );
  // One statement: the page, its total (a window count) and the per-channel totals that ignore the filters.
  const result: unknown = await db.execute(sql`
    with t as (${all}),
    totals as (select count(*) filter (where channel = 'sms')::int as sms, count(*) filter (where channel = 'whatsapp')::int as whatsapp,
                      count(*) filter (where channel = 'rcs')::int as rcs from t),
    page as (select t.*, count(*) over ()::int as total from t where ${where}
             order by updated_at desc, id desc limit ${window.limit} offset ${window.offset})
    select totals.*, page.* from totals left join page on true`);
  // PGlite's and node-postgres' results both carry `rows`; the Db type is generic over the driver, so it says unknown.
  const { rows } = result as { rows: (Row & { sms: number; whatsapp: number; rcs: number })[] };
  const totals = { sms: rows[0]?.sms ?? 0, whatsapp: rows[0]?.whatsapp ?? 0, rcs: rows[0]?.rcs ?? 0 };
  const pageRows = rows.filter((r): r is typeof r & { id: string } => r.id !== null);
  const data: UnifiedTemplateRow[] = pageRows.map((r) => ({
    id: r.id,
    channel: r.channel,
    name: r.name,
    status: r.status,
    category: r.category,
    source: r.source,
    detail: r.detail,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  const count = pageRows[0]?.total ?? 0;
  return {
    success: true as const,
    count,
    page: window.page,
    limit: window.limit,
    totalPages: totalPages(count, window.limit),
    totals,
    data,
  };
}
