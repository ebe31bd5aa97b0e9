import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { NotifiedCache } from "../../db/notified-cache";
import { liveAgents, modulePermissions, sessions, users } from "../../db/schema";

/** What the auth check needs about a session and its account, read in one query and cached. */
export interface SessionState {
  sessionId: string;
  userId: string;
  username: string;
  role: string;
  parentId: string | null;
  status: string;
  modules: string[];
  impersonatedBy: string | null;
  /**
   * The account whose inbox this sign-in answers when it is a live agent's (`live_agents`): its AI records are
   * read-only to it.
   */
  liveAgentOf: string | null;
  revoked: boolean;
  expiresAtMs: number;
}

/** Told to every process (NOTIFY) so caches and sockets follow at once. */
export type SessionEvent =
  | { kind: "sessions"; ids: string[] }
  /** Every session of the user, and the impersonation sessions it opened, were revoked (`revoked`) or changed. */
  | { kind: "user"; userId: string; revoked: boolean };

const CHANNEL = "console_sessions";
const ANNOUNCE_BATCH = 100;
/** Safety net only: revocations reach the cache through events at once. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

export interface NewSession {
  userId: string;
  ttlS: number;
  impersonatedBy?: string;
  parentSessionId?: string;
}

/**
 * Server-side sessions with an in-process cache, so the common auth check costs no database round trip. Every
 * revocation or account change is applied to this process's cache at once and sent to the others with
 * PostgreSQL NOTIFY (db/notified-cache.ts); while the LISTEN connection is down the cache is bypassed.
 */
export class SessionStore {
  private readonly subscribers = new Set<(event: SessionEvent) => void>();
  private readonly cache: NotifiedCache<SessionState, SessionEvent>;

  constructor(private readonly database: Pick<Database, "db" | "listen">) {
    this.cache = new NotifiedCache<SessionState, SessionEvent>(database, {
      channel: CHANNEL,
      ttlMs: CACHE_TTL_MS,
      max: CACHE_MAX,
      fresh: (state, now) => state.expiresAtMs > now,
      evict: (event, entries) => {
        if (event.kind === "sessions") {
          for (const id of event.ids) entries.delete(id);
        } else {
          for (const [id, state] of entries.entries()) {
            if (state.userId === event.userId || state.impersonatedBy === event.userId) entries.delete(id);
          }
        }
      },
      onEvent: (event) => {
        for (const fn of this.subscribers) fn(event);
      },
    });
  }

  private get db(): Db {
    return this.database.db;
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  stop(): Promise<void> {
    return this.cache.stop();
  }

  /** Called for every event, local or from another process (e.g. to disconnect sockets). */
  subscribe(fn: (event: SessionEvent) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  async create(input: NewSession): Promise<{ id: string; expiresAtS: number }> {
    let expiresAtS = Math.floor(Date.now() / 1000) + input.ttlS;
    // An impersonation session never outlives the admin session it was opened from.
    const parent = input.parentSessionId ? await this.resolve(input.parentSessionId) : null;
    if (parent) expiresAtS = Math.min(expiresAtS, Math.floor(parent.expiresAtMs / 1000));
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: input.userId,
        impersonatedBy: input.impersonatedBy,
        parentSessionId: input.parentSessionId,
        expiresAt: new Date(expiresAtS * 1000),
      })
      .returning({ id: sessions.id });
    return { id: row.id, expiresAtS };
  }

  /** resolve's answer without waiting, when this process holds the session fresh; undefined otherwise. */
  cached(sessionId: string, now = Date.now()): SessionState | undefined {
    return this.cache.get(sessionId, now)?.value;
  }

  /** The session and its account, or null when there is no such session or it has expired. */
  async resolve(sessionId: string): Promise<SessionState | null> {
    const now = Date.now();
    const hit = this.cached(sessionId, now);
    if (hit) return hit;
    const ticket = this.cache.ticket();
    const [row] = await this.db
      .select({
        userId: sessions.userId,
        impersonatedBy: sessions.impersonatedBy,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        username: users.username,
        role: users.role,
        parentId: users.parentId,
        status: users.status,
        modules: sql<
          string[]
        >`coalesce((select array_agg(${modulePermissions.moduleName}) from ${modulePermissions} where ${modulePermissions.userId} = ${users.id}), '{}')`,
        // A live agent's sign-in is made with its agent row and suspended when the row goes, so this never changes
        // while the session lives.
        liveAgentOf: sql<
          string | null
        >`(select ${liveAgents.ownerId} from ${liveAgents} where ${liveAgents.userId} = ${users.id} and ${liveAgents.status} = 'active')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId));
    if (!row || row.expiresAt.getTime() <= now) return null;
    const { revokedAt, expiresAt, ...rest } = row;
    const state: SessionState = { ...rest, sessionId, revoked: revokedAt !== null, expiresAtMs: expiresAt.getTime() };
    if (!state.revoked && state.status === "active") this.cache.set(sessionId, state, ticket, now);
    return state;
  }

  /** Logout: the session and the impersonation sessions opened from it. */
  async revoke(sessionId: string, db: Db = this.db): Promise<void> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(or(eq(sessions.id, sessionId), eq(sessions.parentSessionId, sessionId)), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await this.publish({ kind: "sessions", ids: [sessionId, ...rows.map((r) => r.id)] });
  }

  /**
   * Password reset, suspension, role change: every session of the user and every impersonation session it opened.
   * Pass the transaction that makes the change so both commit together; call `announceUser` after it commits.
   */
  async revokeUser(userId: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatedBy, userId)), isNull(sessions.revokedAt)));
  }

  /**
   * A password change: every other session of the user, and the impersonation sessions it opened, are revoked; the
   * session that made the change (`keep`) and the impersonation sessions opened from it stay. Pass the change's
   * transaction; answers the revoked ids, for `announceSessions` once it commits.
   */
  async revokeOthers(userId: string, keep: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          or(eq(sessions.userId, userId), eq(sessions.impersonatedBy, userId)),
          isNull(sessions.revokedAt),
          ne(sessions.id, keep),
          sql`${sessions.parentSessionId} is distinct from ${keep}`,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** Tells every process that these sessions were revoked (their caches drop them, their sockets disconnect). */
  async announceSessions(ids: readonly string[]): Promise<void> {
    // A NOTIFY payload holds at most 8000 bytes: about 200 ids, so a long list goes in parts.
    for (let i = 0; i < ids.length; i += ANNOUNCE_BATCH)
      await this.publish({ kind: "sessions", ids: ids.slice(i, i + ANNOUNCE_BATCH) });
  }

  /** Tells every process that the user's sessions were revoked, or (revoked=false) that its account changed. */
  async announceUser(userId: string, revoked: boolean): Promise<void> {
    await this.publish({ kind: "user", userId, revoked });
  }

  private publish(event: SessionEvent): Promise<void> {
    return this.cache.publish(event);
  }
}
