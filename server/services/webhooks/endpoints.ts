// An account's webhook endpoints: list, read, create, change, delete, rotate the secret. Every statement is scoped
// by the owner, so another account's endpoint is simply not found. Each change tells the subscriptions cache.
import { sql, type SQL } from "drizzle-orm";
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEvent } from "../../../contract/domain/webhooks";
import type { WebhookEndpointRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { pgArray, rowsOf } from "../../db/sql";
import { checkWebhookUrl, type UrlPolicy } from "./address-guard";
import { newWebhookSecret, secretHint } from "./sign";
import { announceWebhookChange } from "./subscribers";
import { FOR_ROW_LOCK } from "../../db/locks";

/** After a rotation the old secret keeps signing this long, so receivers can be switched over without a gap. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export interface EndpointInput {
  url?: string;
  events?: WebhookEvent[];
  description?: string;
  active?: boolean;
}

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  secret: string;
  previous_secret_until: string | null;
  pending: number;
  failed: number;
  last_at: string | null;
  last_status: WebhookEndpointRecord["lastDeliveryStatus"];
  last_response: number | null;
  created_at: string;
  updated_at: string;
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function toRecord(r: EndpointRow): WebhookEndpointRecord {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    active: r.active,
    secretHint: secretHint(r.secret),
    previousSecretUntil:
      r.previous_secret_until && new Date(r.previous_secret_until) > new Date() ? iso(r.previous_secret_until) : null,
    pending: r.pending,
    failed: r.failed,
    lastDeliveryAt: iso(r.last_at),
    lastDeliveryStatus: r.last_status,
    lastResponseStatus: r.last_response,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Endpoints of the owner with their health: pending and recently failed deliveries, the latest delivery. */
function selectEndpoints(ownerId: string, where: SQL, tail: SQL): SQL {
  return sql`
    select e.id, e.url, e.description, e.events, e.active, e.secret, e.previous_secret_until::text as previous_secret_until,
      (select count(*) from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'pending')::int as pending,
      (select count(*) from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'failed' and d.created_at > now() - interval '7 days')::int as failed,
      l.created_at::text as last_at, l.status as last_status, l.response_status as last_response,
      e.created_at::text as created_at, e.updated_at::text as updated_at
    from webhook_endpoints e
    left join lateral (select created_at, status, response_status from webhook_deliveries d where d.endpoint_id = e.id order by d.created_at desc limit 1) l on true
    where e.user_id = ${ownerId} ${where}
    ${tail}`;
}

export async function listEndpoints(
  db: Db,
  ownerId: string,
  window: { limit: number; offset: number },
): Promise<{ records: WebhookEndpointRecord[]; total: number }> {
  const rows = await rowsOf<EndpointRow>(
    db,
    selectEndpoints(
      ownerId,
      sql``,
      sql`order by e.created_at desc, e.id limit ${window.limit} offset ${window.offset}`,
    ),
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_endpoints where user_id = ${ownerId}`,
  );
  return { records: rows.map(toRecord), total: count?.n ?? 0 };
}

export async function getEndpoint(db: Db, ownerId: string, id: string): Promise<WebhookEndpointRecord> {
  if (!isUuid(id)) throw notFound("Webhook endpoint not found");
  const [row] = await rowsOf<EndpointRow>(db, selectEndpoints(ownerId, sql`and e.id = ${id}`, sql``));
  if (!row) throw notFound("Webhook endpoint not found");
  return toRecord(row);
}

async function checkedUrl(raw: string, policy: UrlPolicy): Promise<string> {
  const url = raw.trim();
  const refused = await checkWebhookUrl(url, policy);
  if (refused) throw badRequest(refused, [{ field: "url", message: refused }]);
  return url;
}

export async function createEndpoint(
  db: Db,
  ownerId: string,
  input: Required<Pick<EndpointInput, "url" | "events">> & EndpointInput,
  policy: UrlPolicy,
): Promise<{ record: WebhookEndpointRecord; secret: string }> {
  const url = await checkedUrl(input.url, policy);
  const secret = newWebhookSecret();
  // The count and the insert in one statement: two creates at once cannot pass the limit together (the owner's row
  // is locked first).
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`with owner as (select id from users where id = ${ownerId} ${FOR_ROW_LOCK})
        insert into webhook_endpoints (user_id, url, description, events, active, secret)
        select owner.id, ${url}, ${input.description?.trim() ?? ""}, ${pgArray(input.events)}::text[], ${input.active ?? true}, ${secret}
        from owner where (select count(*) from webhook_endpoints where user_id = ${ownerId}) < ${WEBHOOK_ENDPOINTS_MAX}
        returning id`,
  );
  if (!row) throw conflict(`An account can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one first`);
  await announceWebhookChange(db, ownerId);
  return { record: await getEndpoint(db, ownerId, row.id), secret };
}

export async function updateEndpoint(
  db: Db,
  ownerId: string,
  id: string,
  input: EndpointInput,
  policy: UrlPolicy,
): Promise<WebhookEndpointRecord> {
  if (!isUuid(id)) throw notFound("Webhook endpoint not found");
  const url = input.url === undefined ? undefined : await checkedUrl(input.url, policy);
  const sets: SQL[] = [sql`updated_at = now()`];
  if (url !== undefined) sets.push(sql`url = ${url}`);
  if (input.events !== undefined) sets.push(sql`events = ${pgArray(input.events)}::text[]`);
  if (input.description !== undefined) sets.push(sql`description = ${input.description.trim()}`);
  if (input.active !== undefined) sets.push(sql`active = ${input.active}`);
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`update webhook_endpoints set ${sql.join(sets, sql`, `)} where id = ${id} and user_id = ${ownerId} returning id`,
  );
  if (!row) throw notFound("Webhook endpoint not found");
  await announceWebhookChange(db, ownerId);
  return getEndpoint(db, ownerId, id);
}

export async function deleteEndpoint(db: Db, ownerId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound("Webhook endpoint not found");
  const [row] = await rowsOf<{ url: string }>(
    db,
    sql`delete from webhook_endpoints where id = ${id} and user_id = ${ownerId} returning url`,
  );
  if (!row) throw notFound("Webhook endpoint not found");
  await announceWebhookChange(db, ownerId);
  return row.url;
}

/** A new secret, answered once; the old one keeps signing too for ROTATION_GRACE_MS. */
export async function rotateSecret(
  db: Db,
  ownerId: string,
  id: string,
  now: Date,
): Promise<{ record: WebhookEndpointRecord; secret: string }> {
  if (!isUuid(id)) throw notFound("Webhook endpoint not found");
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + ROTATION_GRACE_MS).toISOString();
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`update webhook_endpoints set previous_secret = secret, previous_secret_until = ${until}::timestamptz, secret = ${secret}, updated_at = now()
        where id = ${id} and user_id = ${ownerId} returning id`,
  );
  if (!row) throw notFound("Webhook endpoint not found");
  return { record: await getEndpoint(db, ownerId, id), secret };
}
