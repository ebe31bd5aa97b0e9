// An account's API keys: list, create (the whole key answered once, a hash kept), validate, update, delete (soft)
// and regenerate (the old secret stops at once or after a grace period). Every change that affects authentication
// is announced to every process's key cache (key-store.ts) once it is committed.
import { sql } from "drizzle-orm";
import type { ApiKeyRecord } from "../../../contract/calls";
import {
  API_KEYS_PER_ACCOUNT_MAX,
  API_KEY_PREFIX,
  type ApiKeyStatus,
  type ApiScope,
  type RegenerateGrace,
} from "../../../contract/domain/api-keys";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { pgArray, rowsOf } from "../../db/sql";
import { isUuid } from "../caller";
import { pageWindow, totalPages } from "../paging";
import type { ApiKeyStore } from "./key-store";
import { newSecret, parseKey, prefixOf, secretMatches } from "./secrets";

interface KeyRow {
  id: string;
  name: string;
  public_id: string;
  scopes: ApiScope[];
  expires_at: Date | string | null;
  effective_expires_at: Date | string | null;
  last_used_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  deactivated_at: Date | string | null;
  regenerated_at: Date | string | null;
  previous_valid_until: Date | string | null;
  config_id: string | null;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

function statusOf(row: KeyRow, now = Date.now()): ApiKeyStatus {
  if (row.deactivated_at) return "deactivated";
  if (row.effective_expires_at && new Date(row.effective_expires_at).getTime() <= now) return "expired";
  return "active";
}

/** The one mapping of a key row to its record. */
export function keyRecord(row: KeyRow): ApiKeyRecord {
  const graceUntil =
    row.previous_valid_until && new Date(row.previous_valid_until).getTime() > Date.now()
      ? iso(row.previous_valid_until)
      : null;
  return {
    id: row.id,
    name: row.name,
    prefix: prefixOf(row.public_id),
    scopes: row.scopes,
    status: statusOf(row),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    createdAt: iso(row.created_at) ?? "",
    updatedAt: iso(row.updated_at) ?? "",
    deactivatedAt: iso(row.deactivated_at),
    regeneratedAt: iso(row.regenerated_at),
    previousSecretValidUntil: graceUntil,
    configId: row.config_id,
  };
}

/** Keys with their configuration's id and the earlier of the key's and the applying configuration's expiry. */
const SELECT = sql`
  select k.id::text as id, k.name, k.public_id, k.scopes, k.expires_at, k.last_used_at, k.created_at, k.updated_at, k.deactivated_at,
         k.regenerated_at, k.previous_valid_until, own.id::text as config_id,
         least(k.expires_at, coalesce(own.expires_at, acct.expires_at)) as effective_expires_at
  from api_keys k
  left join key_configs own on own.api_key_id = k.id
  left join key_configs acct on acct.user_id = k.user_id and acct.api_key_id is null`;

const STATUS_SQL = {
  active: sql`k.deactivated_at is null and coalesce(least(k.expires_at, coalesce(own.expires_at, acct.expires_at)) > now(), true)`,
  expired: sql`k.deactivated_at is null and least(k.expires_at, coalesce(own.expires_at, acct.expires_at)) <= now()`,
  deactivated: sql`k.deactivated_at is not null`,
} as const;

export async function listKeys(
  db: Db,
  userId: string,
  query: { page: number; limit: number; search?: string; status?: ApiKeyStatus },
) {
  const { limit, offset } = pageWindow(query);
  const search = query.search?.trim().toLowerCase();
  const term = search?.startsWith(API_KEY_PREFIX) ? search.slice(API_KEY_PREFIX.length) : search;
  const where = sql`k.user_id = ${userId}
    and ${term ? sql`(position(${term} in lower(k.name)) > 0 or position(${term} in k.public_id) > 0)` : sql`true`}
    and ${query.status ? STATUS_SQL[query.status] : sql`true`}`;
  const rows = await rowsOf<KeyRow & { total: number }>(
    db,
    sql`${SELECT} where ${where} order by k.created_at desc, k.id limit ${limit} offset ${offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from api_keys k
    left join key_configs own on own.api_key_id = k.id left join key_configs acct on acct.user_id = k.user_id and acct.api_key_id is null where ${where}`,
  );
  const total = count?.n ?? 0;
  return { apiKeys: rows.map(keyRecord), count: total, page: query.page, limit, totalPages: totalPages(total, limit) };
}

async function findRow(db: Db, userId: string, id: string): Promise<KeyRow> {
  const [row] = isUuid(id) ? await rowsOf<KeyRow>(db, sql`${SELECT} where k.id = ${id} and k.user_id = ${userId}`) : [];
  if (!row) throw notFound("API key not found");
  return row;
}

export const findKey = async (db: Db, userId: string, id: string): Promise<ApiKeyRecord> =>
  keyRecord(await findRow(db, userId, id));

/** An expiry from a request: a future instant, or none. */
function expiryOf(value: string | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (at.getTime() <= Date.now())
    throw badRequest("expiresAt: must be in the future", [{ field: "expiresAt", message: "must be in the future" }]);
  return at;
}

export type KeyInput = SchemaBody<"api-key-create">;

export async function createKey(
  db: Db,
  userId: string,
  input: KeyInput,
  createdBy: string,
): Promise<{ apiKey: ApiKeyRecord; key: string }> {
  const expiresAt = expiryOf(input.expiresAt);
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from api_keys where user_id = ${userId} and deactivated_at is null`,
  );
  if (n >= API_KEYS_PER_ACCOUNT_MAX)
    throw conflict(`An account may hold at most ${API_KEYS_PER_ACCOUNT_MAX} API keys; delete one first.`);
  const secret = newSecret();
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into api_keys (user_id, name, public_id, secret_hash, scopes, expires_at, created_by)
        values (${userId}, ${input.name.trim()}, ${secret.publicId}, ${secret.secretHash}, ${pgArray([...new Set(input.scopes)])}::text[], ${expiresAt}, ${createdBy})
        returning id::text as id`,
  );
  return { apiKey: await findKey(db, userId, row.id), key: secret.key };
}

export async function updateKey(
  db: Db,
  keys: ApiKeyStore,
  userId: string,
  id: string,
  input: SchemaBody<"api-key-update">,
): Promise<ApiKeyRecord> {
  const row = await findRow(db, userId, id);
  if (row.deactivated_at) throw conflict("This API key was deleted; it can no longer be changed.");
  const expiresAt = expiryOf(input.expiresAt);
  await db.execute(sql`update api_keys set name = ${input.name.trim()}, scopes = ${pgArray([...new Set(input.scopes)])}::text[], expires_at = ${expiresAt},
    updated_at = now() where id = ${id} and user_id = ${userId}`);
  await keys.announce({ kind: "key", keyId: id });
  return findKey(db, userId, id);
}

export async function deleteKey(db: Db, keys: ApiKeyStore, userId: string, id: string): Promise<ApiKeyRecord> {
  await findRow(db, userId, id);
  // Deleting twice keeps the first time.
  await db.execute(
    sql`update api_keys set deactivated_at = coalesce(deactivated_at, now()), updated_at = now() where id = ${id} and user_id = ${userId}`,
  );
  await keys.announce({ kind: "key", keyId: id });
  return findKey(db, userId, id);
}

export async function regenerateKey(
  db: Db,
  keys: ApiKeyStore,
  userId: string,
  id: string,
  graceSeconds: RegenerateGrace,
): Promise<{ apiKey: ApiKeyRecord; key: string }> {
  const row = await findRow(db, userId, id);
  if (row.deactivated_at) throw conflict("This API key was deleted; create a new one instead.");
  const secret = newSecret(row.public_id);
  // The previous secret is the one before this regeneration; with no grace it stops at once.
  await db.execute(sql`
    update api_keys set previous_secret_hash = case when ${graceSeconds}::int > 0 then secret_hash else null end,
      previous_valid_until = case when ${graceSeconds}::int > 0 then now() + ${graceSeconds}::int * interval '1 second' else null end,
      secret_hash = ${secret.secretHash}, regenerated_at = now(), updated_at = now()
    where id = ${id} and user_id = ${userId}`);
  await keys.announce({ kind: "key", keyId: id });
  return { apiKey: await findKey(db, userId, id), key: secret.key };
}

/** Whether a whole key (one of the account's) works now; another account's key is "not found", as a made-up one is. */
export async function validateKey(
  db: Db,
  userId: string,
  text: string,
): Promise<{ valid: boolean; reason: string | null; apiKey: ApiKeyRecord | null }> {
  const parsed = parseKey(text);
  if (!parsed)
    return {
      valid: false,
      reason: `This is not an API key of this console (they start with ${API_KEY_PREFIX}).`,
      apiKey: null,
    };
  const [row] = await rowsOf<{
    id: string;
    secret_hash: string;
    previous_secret_hash: string | null;
    previous_valid_until: Date | string | null;
  }>(
    db,
    sql`select id::text as id, secret_hash, previous_secret_hash, previous_valid_until from api_keys where public_id = ${parsed.publicId} and user_id = ${userId}`,
  );
  const current = row ? secretMatches(parsed.secret, row.secret_hash) : false;
  const graceOpen = row?.previous_valid_until ? new Date(row.previous_valid_until).getTime() > Date.now() : false;
  if (!row || !(current || (graceOpen && secretMatches(parsed.secret, row.previous_secret_hash)))) {
    return { valid: false, reason: "No API key of this account matches.", apiKey: null };
  }
  const apiKey = await findKey(db, userId, row.id);
  if (apiKey.status === "deactivated") return { valid: false, reason: "This API key was deleted.", apiKey };
  if (apiKey.status === "expired") return { valid: false, reason: "This API key has expired.", apiKey };
  if (!current)
    return {
      valid: true,
      reason: `The old secret of a regenerated key: it works until ${apiKey.previousSecretValidUntil}.`,
      apiKey,
    };
  return { valid: true, reason: null, apiKey };
}
