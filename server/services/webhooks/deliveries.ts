// The delivery log: an endpoint's deliveries, newest first, and one delivery with its body and the last answer.
import { sql } from "drizzle-orm";
import type { WebhookDeliveryDetail, WebhookDeliveryRecord } from "../../../contract/calls";
import type { WebhookDeliveryEvent, WebhookDeliveryStatus } from "../../../contract/domain/webhooks";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { rowsOf } from "../../db/sql";

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event: WebhookDeliveryEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string;
  delivered_at: string | null;
  body?: string;
  response_body?: string | null;
}

const COLUMNS = sql`id, endpoint_id, event_id, event, status, attempts, response_status, error, duration_ms, created_at::text as created_at,
  last_attempt_at::text as last_attempt_at, next_attempt_at::text as next_attempt_at, delivered_at::text as delivered_at`;

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function toRecord(r: DeliveryRow): WebhookDeliveryRecord {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.response_status,
    error: r.error,
    durationMs: r.duration_ms,
    createdAt: new Date(r.created_at).toISOString(),
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.status === "pending" ? iso(r.next_attempt_at) : null,
    deliveredAt: iso(r.delivered_at),
  };
}

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus;
  event?: WebhookDeliveryEvent;
  limit: number;
  offset: number;
}

export async function listDeliveries(
  db: Db,
  ownerId: string,
  endpointId: string,
  filter: DeliveryFilter,
): Promise<{ records: WebhookDeliveryRecord[]; total: number }> {
  if (!isUuid(endpointId)) throw notFound("Webhook endpoint not found");
  const [endpoint] = await rowsOf<{ id: string }>(
    db,
    sql`select id from webhook_endpoints where id = ${endpointId} and user_id = ${ownerId}`,
  );
  if (!endpoint) throw notFound("Webhook endpoint not found");
  const where = sql`endpoint_id = ${endpointId} ${filter.status ? sql`and status = ${filter.status}` : sql``} ${filter.event ? sql`and event = ${filter.event}` : sql``}`;
  const rows = await rowsOf<DeliveryRow>(
    db,
    sql`select ${COLUMNS} from webhook_deliveries where ${where} order by created_at desc, id limit ${filter.limit} offset ${filter.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_deliveries where ${where}`,
  );
  return { records: rows.map(toRecord), total: count?.n ?? 0 };
}

export async function getDelivery(db: Db, ownerId: string, id: string): Promise<WebhookDeliveryDetail> {
  if (!isUuid(id)) throw notFound("Webhook delivery not found");
  const [row] = await rowsOf<DeliveryRow>(
    db,
    sql`select ${COLUMNS}, body, response_body from webhook_deliveries where id = ${id} and user_id = ${ownerId}`,
  );
  if (!row) throw notFound("Webhook delivery not found");
  return { ...toRecord(row), body: row.body ?? "", responseBody: row.response_body ?? null };
}

/** Finished deliveries older than the retention, at most 10,000 a call (the hourly sweep comes back for the rest). */
export async function pruneDeliveries(db: Db, retentionDays: number): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (
          delete from webhook_deliveries where id in (
            select id from webhook_deliveries where status <> 'pending' and created_at < now() - make_interval(days => ${retentionDays}) limit 10000)
          returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
