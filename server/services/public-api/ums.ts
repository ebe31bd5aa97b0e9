// Reading the request log (UMS requests): an account's own rows only; another account's request answers 404.
import { sql, type SQL } from "drizzle-orm";
import type { UmsRequestDetail, UmsRequestRecord } from "../../../contract/calls";
import { API_KEY_PREFIX } from "../../../contract/domain/api-keys";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { MSG } from "../../../contract/messages";
import { rowsOf } from "../../db/sql";
import { isUuid } from "../caller";
import { pageWindow, totalPages } from "../paging";

export interface RequestFilters {
  page: number;
  limit: number;
  status?: string;
  apiKeyId?: string;
  from?: string;
  to?: string;
}

interface Row {
  id: string;
  api_key_id: string | null;
  key_name: string | null;
  public_id: string | null;
  method: string;
  route: string;
  path: string;
  status: number;
  latency_ms: number;
  ip: string;
  error_code: string | null;
  error_message: string | null;
  message_count: number;
  created_at: Date | string;
}

interface DetailRow extends Row {
  idempotency_key: string | null;
  user_agent: string | null;
  request_body: unknown;
  request_truncated: boolean;
  response_body: unknown;
  error_details: { field: string; message: string }[] | null;
}

function record(r: Row): UmsRequestRecord {
  return {
    id: r.id,
    apiKeyId: r.api_key_id,
    apiKeyName: r.key_name,
    apiKeyPrefix: r.public_id ? `${API_KEY_PREFIX}${r.public_id}` : null,
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    latencyMs: Math.round(r.latency_ms * 10) / 10,
    ip: r.ip,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    messageCount: r.message_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const COLUMNS = sql`r.id::text as id, r.api_key_id::text as api_key_id, k.name as key_name, k.public_id, r.method, r.route, r.path, r.status,
  r.latency_ms, r.ip, r.error_code, r.error_message, r.message_count, r.created_at`;

function statusFilter(status: string | undefined): SQL {
  if (!status) return sql`true`;
  if (status === "success") return sql`r.status between 200 and 299`;
  if (status === "error") return sql`r.status >= 300`;
  return sql`r.status = ${Number(status)}`;
}

export async function listRequests(db: Db, userId: string, filters: RequestFilters) {
  const { limit, offset } = pageWindow(filters);
  const where = sql`r.user_id = ${userId} and ${statusFilter(filters.status)}
    and ${filters.apiKeyId ? sql`r.api_key_id = ${filters.apiKeyId}` : sql`true`}
    and ${filters.from ? sql`r.created_at >= ${filters.from}::timestamptz` : sql`true`}
    and ${filters.to ? sql`r.created_at <= ${filters.to}::timestamptz` : sql`true`}`;
  const [rows, [total]] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select ${COLUMNS} from ums_requests r left join api_keys k on k.id = r.api_key_id where ${where} order by r.created_at desc, r.id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ums_requests r where ${where}`),
  ]);
  const count = total?.n ?? 0;
  return { data: rows.map(record), count, page: filters.page, limit, totalPages: totalPages(count, limit) };
}

export async function findRequest(db: Db, userId: string, id: string): Promise<UmsRequestDetail> {
  const [row] = isUuid(id)
    ? await rowsOf<DetailRow>(
        db,
        sql`select ${COLUMNS}, r.idempotency_key, r.user_agent, r.request_body, r.request_truncated, r.response_body, r.error_details
            from ums_requests r left join api_keys k on k.id = r.api_key_id where r.id = ${id} and r.user_id = ${userId}`,
      )
    : [];
  if (!row) throw notFound(MSG.notFound);
  return {
    ...record(row),
    idempotencyKey: row.idempotency_key,
    userAgent: row.user_agent,
    requestBody: row.request_body ?? null,
    requestTruncated: row.request_truncated,
    responseBody: row.response_body ?? null,
    errorDetails: row.error_details ?? [],
  };
}

/** Whether the request is the account's (its messages are read only then). */
export async function ownsRequest(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await rowsOf<{ ok: boolean }>(
    db,
    sql`select (exists (select 1 from ums_requests where id = ${id} and user_id = ${userId})
             or exists (select 1 from api_messages where request_id = ${id} and user_id = ${userId})) as ok`,
  );
  return rows[0]?.ok === true;
}
