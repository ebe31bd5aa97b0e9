import { sql } from "drizzle-orm";
import type { PublicMessageDetail, PublicMessageRecord } from "../../../contract/calls";
import type { CampaignChannel } from "../../../contract/constants";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { Db } from "../../db/client";
import type { PublicMessageHistoryEntry, PublicMessageStep } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { isUuid } from "../caller";
import { pageWindow, totalPages } from "../paging";

export interface MessageRow {
  id: string;
  request_id: string;
  channel: CampaignChannel;
  steps: Pick<PublicMessageStep, "channel">[];
  to_number: string;
  sender: string;
  state: PublicMessageState;
  reference: string | null;
  cost_paise: number;
  code: string | null;
  reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  history?: PublicMessageHistoryEntry[];
}

const iso = (v: Date | string) => new Date(v).toISOString();

const COLUMNS = sql`m.id::text as id, m.request_id::text as request_id, m.channel, (select jsonb_agg(jsonb_build_object('channel', s->>'channel')) from jsonb_array_elements(m.steps) s) as steps,
  m.to_number, m.sender, m.state, m.reference, m.cost_paise, m.code, m.reason, m.created_at, m.updated_at`;

/** The one mapping of a public message to what the API and the console answer. */
export function messageRecord(row: MessageRow): PublicMessageRecord {
  return {
    id: row.id,
    channel: row.channel,
    channels: row.steps.map((s) => s.channel),
    to: row.to_number,
    from: row.sender,
    status: row.state,
    reference: row.reference,
    cost: row.cost_paise / 100,
    code: row.code,
    reason: row.reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** One message of the account with its history; null when there is none (another account's is none too). */
export async function publicMessage(db: Db, userId: string, id: string): Promise<PublicMessageDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await rowsOf<MessageRow>(
    db,
    sql`select ${COLUMNS}, m.history from api_messages m where m.id = ${id} and m.user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    ...messageRecord(row),
    requestId: row.request_id,
    history: (row.history ?? []).map((h) => ({
      status: h.status,
      channel: h.channel,
      at: new Date(h.at).toISOString(),
      ...(h.code ? { code: h.code, reason: h.reason ?? null } : {}),
    })),
  };
}

/** The messages one request created, a page at a time (the request must be the account's). */
export async function requestMessages(
  db: Db,
  userId: string,
  requestId: string,
  page: { page: number; limit: number },
) {
  const { limit, offset } = pageWindow(page);
  const rows = await rowsOf<MessageRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over ()::int as total from api_messages m
        where m.request_id = ${requestId} and m.user_id = ${userId} order by m.created_at, m.id limit ${limit} offset ${offset}`,
  );
  const count = rows[0]?.total ?? (offset > 0 ? await countOf(db, userId, requestId) : 0);
  return { data: rows.map(messageRecord), count, page: page.page, limit, totalPages: totalPages(count, limit) };
}

async function countOf(db: Db, userId: string, requestId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from api_messages where request_id = ${requestId} and user_id = ${userId}`,
  );
  return row?.n ?? 0;
}
