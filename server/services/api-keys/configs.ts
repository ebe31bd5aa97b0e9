// Key configurations: for one key, or the account's own for its keys without one (at most one of each). Changing
// one reaches every process's key cache at once (key-store.ts): a key's own config names that key, the account's
// every key of the account.
import { sql } from "drizzle-orm";
import type { EffectiveKeyConfig, KeyConfigRecord } from "../../../contract/calls";
import type { CampaignChannel } from "../../../contract/constants";
import type { ApiScope } from "../../../contract/domain/api-keys";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/client";
import { badRequest, conflict, notFound, type FieldError } from "../../http/errors";
import { pgArray, rowsOf } from "../../db/sql";
import { isUuid } from "../caller";
import { pageWindow, totalPages } from "../paging";
import { configFor, effectiveOf, type ConfigRow } from "./effective";
import { normaliseRange } from "./ip-allow";
import type { ApiKeyStore } from "./key-store";

interface Row {
  id: string;
  api_key_id: string | null;
  key_name: string | null;
  name: string;
  channels: CampaignChannel[];
  scopes: ApiScope[];
  ip_allow_list: string[];
  rate_per_second: number;
  rate_per_day: number;
  expires_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

function record(r: Row): KeyConfigRecord {
  return {
    id: r.id,
    apiKeyId: r.api_key_id,
    apiKeyName: r.key_name,
    name: r.name,
    channels: r.channels,
    scopes: r.scopes,
    ipAllowList: r.ip_allow_list,
    ratePerSecond: r.rate_per_second,
    ratePerDay: r.rate_per_day,
    expiresAt: iso(r.expires_at),
    createdAt: iso(r.created_at) ?? "",
    updatedAt: iso(r.updated_at) ?? "",
  };
}

const SELECT = sql`select c.id::text as id, c.api_key_id::text as api_key_id, k.name as key_name, c.name, c.channels, c.scopes, c.ip_allow_list,
  c.rate_per_second, c.rate_per_day, c.expires_at, c.created_at, c.updated_at from key_configs c left join api_keys k on k.id = c.api_key_id`;

export async function listConfigs(db: Db, userId: string, query: { page: number; limit: number; apiKeyId?: string }) {
  const { limit, offset } = pageWindow(query);
  const where = sql`c.user_id = ${userId} and ${query.apiKeyId ? sql`c.api_key_id = ${query.apiKeyId}` : sql`true`}`;
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT} where ${where} order by c.api_key_id nulls first, c.created_at desc limit ${limit} offset ${offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from key_configs c where ${where}`);
  const total = count?.n ?? 0;
  return { data: rows.map(record), count: total, page: query.page, limit, totalPages: totalPages(total, limit) };
}

export async function findConfig(db: Db, userId: string, id: string): Promise<KeyConfigRecord> {
  const [row] = isUuid(id) ? await rowsOf<Row>(db, sql`${SELECT} where c.id = ${id} and c.user_id = ${userId}`) : [];
  if (!row) throw notFound("Key configuration not found");
  return record(row);
}

type Settings = SchemaBody<"key-config-update">;

/**
 * The settings as stored: the allow-list normalised (every entry an address or CIDR range), the expiry in the future.
 */
function settingsOf(input: Settings): { ipAllowList: string[]; expiresAt: Date | null } {
  const errors: FieldError[] = [];
  const ranges: string[] = [];
  (input.ipAllowList ?? []).forEach((text, i) => {
    const range = normaliseRange(text);
    if (range) ranges.push(range);
    else errors.push({ field: `ipAllowList.${i}`, message: `"${text}" is not an IPv4 or IPv6 address or CIDR range` });
  });
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    errors.push({ field: "expiresAt", message: "must be in the future" });
  if (errors.length) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join(", "), errors);
  return { ipAllowList: [...new Set(ranges)], expiresAt };
}

const announceFor = (keys: ApiKeyStore, userId: string, apiKeyId: string | null) =>
  keys.announce(apiKeyId ? { kind: "key", keyId: apiKeyId } : { kind: "user", userId });

export async function createConfig(
  db: Db,
  keys: ApiKeyStore,
  userId: string,
  input: SchemaBody<"key-config">,
): Promise<KeyConfigRecord> {
  const { ipAllowList, expiresAt } = settingsOf(input);
  const apiKeyId = input.apiKeyId ?? null;
  if (apiKeyId) {
    const [key] = await rowsOf<{ deactivated: boolean }>(
      db,
      sql`select deactivated_at is not null as deactivated from api_keys where id = ${apiKeyId} and user_id = ${userId}`,
    );
    if (!key)
      throw badRequest("apiKeyId: is not an API key of this account", [
        { field: "apiKeyId", message: "is not an API key of this account" },
      ]);
    if (key.deactivated) throw conflict("This API key was deleted; it cannot be configured.");
  }
  let id: string;
  try {
    [{ id }] = await rowsOf<{ id: string }>(
      db,
      sql`insert into key_configs (user_id, api_key_id, name, channels, scopes, ip_allow_list, rate_per_second, rate_per_day, expires_at)
          values (${userId}, ${apiKeyId}, ${input.name.trim()}, ${pgArray([...new Set(input.channels)])}::text[], ${pgArray([...new Set(input.scopes)])}::text[],
                  ${pgArray(ipAllowList)}::text[], ${input.ratePerSecond}, ${input.ratePerDay}, ${expiresAt})
          returning id::text as id`,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict(
      apiKeyId
        ? "This API key already has a configuration: edit it instead."
        : "The account already has a configuration for its keys: edit it instead.",
    );
  }
  await announceFor(keys, userId, apiKeyId);
  return findConfig(db, userId, id);
}

export async function updateConfig(
  db: Db,
  keys: ApiKeyStore,
  userId: string,
  id: string,
  input: Settings,
): Promise<KeyConfigRecord> {
  const current = await findConfig(db, userId, id);
  const { ipAllowList, expiresAt } = settingsOf(input);
  await db.execute(sql`
    update key_configs set name = ${input.name.trim()}, channels = ${pgArray([...new Set(input.channels)])}::text[], scopes = ${pgArray([...new Set(input.scopes)])}::text[],
      ip_allow_list = ${pgArray(ipAllowList)}::text[], rate_per_second = ${input.ratePerSecond}, rate_per_day = ${input.ratePerDay}, expires_at = ${expiresAt}, updated_at = now()
    where id = ${id} and user_id = ${userId}`);
  await announceFor(keys, userId, current.apiKeyId);
  return findConfig(db, userId, id);
}

export async function deleteConfig(db: Db, keys: ApiKeyStore, userId: string, id: string): Promise<KeyConfigRecord> {
  const current = await findConfig(db, userId, id);
  await db.execute(sql`delete from key_configs where id = ${id} and user_id = ${userId}`);
  await announceFor(keys, userId, current.apiKeyId);
  return current;
}

/** keyConfigs.forKey: what applies to one of the account's keys, and where it comes from. */
export async function effectiveConfig(db: Db, userId: string, apiKeyId: string): Promise<EffectiveKeyConfig> {
  const [key] = isUuid(apiKeyId)
    ? await rowsOf<{ scopes: ApiScope[]; expires_at: Date | string | null }>(
        db,
        sql`select scopes, expires_at from api_keys where id = ${apiKeyId} and user_id = ${userId}`,
      )
    : [];
  if (!key) throw notFound("API key not found");
  const rows = await rowsOf<Omit<ConfigRow, "expiresAt"> & { expiresAt: Date | string | null }>(
    db,
    sql`select id::text as id, api_key_id::text as "apiKeyId", channels, scopes, ip_allow_list as "ipAllowList", rate_per_second as "ratePerSecond",
          rate_per_day as "ratePerDay", expires_at as "expiresAt"
        from key_configs where user_id = ${userId} and (api_key_id = ${apiKeyId} or api_key_id is null)`,
  );
  const config = configFor(
    apiKeyId,
    rows.map((r) => ({ ...r, expiresAt: r.expiresAt ? new Date(r.expiresAt) : null })),
  );
  const e = effectiveOf({ scopes: key.scopes, expiresAt: key.expires_at ? new Date(key.expires_at) : null }, config);
  return {
    apiKeyId,
    source: e.source,
    configId: e.configId,
    channels: e.channels,
    scopes: e.scopes,
    ipAllowList: e.ipAllowList,
    ratePerSecond: e.perSecond,
    ratePerDay: e.perDay,
    expiresAt: e.expiresAt?.toISOString() ?? null,
  };
}
