import { sql } from "drizzle-orm";
import type { ApiScope } from "../../../contract/domain/api-keys";
import type { Database, Db } from "../../db/client";
import { NotifiedCache } from "../../db/notified-cache";
import { rowsOf } from "../../db/sql";
import type { SessionEvent } from "../accounts/sessions";
import { configFor, effectiveOf, type ConfigRow, type Effective } from "./effective";
import { allowListCheck } from "./ip-allow";

/** What checking a request's key needs, read in one query and cached per process. */
export interface KeyState {
  keyId: string;
  publicId: string;
  name: string;
  userId: string;
  secretHash: string;
  previousSecretHash: string | null;
  previousValidUntilMs: number | null;
  deactivated: boolean;
  owner: { username: string; role: string; status: string; modules: string[] };
  effective: Effective;
  /** The IP allow-list, compiled once per cached entry. */
  allows(ip: string): boolean;
}

/** Told to every process (NOTIFY), so every cache drops what changed at once. */
export type KeyEvent = { kind: "key"; keyId: string } | { kind: "user"; userId: string };

const CHANNEL = "console_api_keys";
/** Safety net only: changes reach the cache through events at once. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

interface Row {
  id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_valid_until: Date | string | null;
  scopes: ApiScope[];
  expires_at: Date | string | null;
  deactivated_at: Date | string | null;
  username: string;
  role: string;
  status: string;
  modules: string[];
  configs: (Omit<ConfigRow, "expiresAt"> & { expiresAt: string | null })[];
}

/** Drivers give timestamps as Date (columns) or text (inside JSON). */
const toDate = (v: Date | string | null) => (v ? new Date(v) : null);

/**
 * API keys with an in-process cache, so the common authentication costs no database round trip: the hash of the
 * presented secret is compared with the cached one. A deletion, regeneration or configuration change is applied to
 * this process's cache at once and sent to the others with NOTIFY; an account's suspension or module change arrives
 * through the session store's events (the same ones that end its sessions). While the LISTEN connection is down the
 * cache is bypassed, so nothing stale is served (db/notified-cache.ts).
 */
export class ApiKeyStore {
  private readonly cache: NotifiedCache<KeyState | null, KeyEvent>;
  private unsubscribeSessions: (() => void) | undefined;

  constructor(private readonly database: Pick<Database, "db" | "listen">) {
    this.cache = new NotifiedCache<KeyState | null, KeyEvent>(database, {
      channel: CHANNEL,
      ttlMs: CACHE_TTL_MS,
      max: CACHE_MAX,
      evict: (event, entries) => {
        for (const [publicId, state] of entries.entries()) {
          // A cached "no such key" may be a key just created elsewhere: drop those too.
          if (!state || (event.kind === "key" ? state.keyId === event.keyId : state.userId === event.userId))
            entries.delete(publicId);
        }
      },
    });
  }

  private get db(): Db {
    return this.database.db;
  }

  async start(sessionEvents?: (fn: (event: SessionEvent) => void) => () => void): Promise<void> {
    await this.cache.start();
    this.unsubscribeSessions = sessionEvents?.((event) => {
      if (event.kind === "user") this.cache.apply({ kind: "user", userId: event.userId });
    });
  }

  async stop(): Promise<void> {
    this.unsubscribeSessions?.();
    await this.cache.stop();
  }

  /** The key with this public id and what applies to it; null when there is none. */
  async resolve(publicId: string): Promise<KeyState | null> {
    const now = Date.now();
    const hit = this.cache.get(publicId, now);
    if (hit) return hit.value;
    const ticket = this.cache.ticket();
    const [row] = await rowsOf<Row>(
      this.db,
      sql`select k.id, k.user_id, k.name, k.secret_hash, k.previous_secret_hash, k.previous_valid_until, k.scopes, k.expires_at,
                 k.deactivated_at, u.username, u.role, u.status,
                 coalesce((select array_agg(m.module_name) from module_permissions m where m.user_id = u.id), '{}') as modules,
                 coalesce((select json_agg(json_build_object('id', c.id, 'apiKeyId', c.api_key_id, 'channels', c.channels, 'scopes', c.scopes,
                   'ipAllowList', c.ip_allow_list, 'ratePerSecond', c.rate_per_second, 'ratePerDay', c.rate_per_day, 'expiresAt', c.expires_at))
                   from key_configs c where c.user_id = k.user_id and (c.api_key_id = k.id or c.api_key_id is null)), '[]') as configs
          from api_keys k join users u on u.id = k.user_id
          where k.public_id = ${publicId}`,
    );
    const state = row ? stateOf(publicId, row) : null;
    // Unknown public ids are cached too (briefly, like the rest), so a flood of made-up keys costs no queries.
    this.cache.set(publicId, state, ticket, now);
    return state;
  }

  /** Tells every process that a key (deleted, regenerated, reconfigured) or every key of an account changed. */
  announce(event: KeyEvent): Promise<void> {
    return this.cache.publish(event);
  }
}

function stateOf(publicId: string, row: Row): KeyState {
  const configs: ConfigRow[] = row.configs.map((c) => ({ ...c, expiresAt: toDate(c.expiresAt) }));
  const effective = effectiveOf({ scopes: row.scopes, expiresAt: toDate(row.expires_at) }, configFor(row.id, configs));
  return {
    keyId: row.id,
    publicId,
    name: row.name,
    userId: row.user_id,
    secretHash: row.secret_hash,
    previousSecretHash: row.previous_secret_hash,
    previousValidUntilMs: toDate(row.previous_valid_until)?.getTime() ?? null,
    deactivated: row.deactivated_at !== null,
    owner: { username: row.username, role: row.role, status: row.status, modules: row.modules },
    effective,
    allows: allowListCheck(effective.ipAllowList),
  };
}
