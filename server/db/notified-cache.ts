// One in-process cache kept right by database notifications, for what every request checks (sessions, API keys):
// a hit costs no round trip. A change is applied to this process's cache at once and sent to the others with
// PostgreSQL NOTIFY on the cache's channel; while the LISTEN connection is down nothing is cached (and what was is
// dropped when it goes down and when it comes back), so nothing stale is served. The TTL is a safety net only.
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The cache's entries as an event's eviction sees them. */
export interface CacheEntries<V> {
  entries(): IterableIterator<[string, V]>;
  delete(key: string): void;
}

export interface NotifiedCacheOptions<V, E> {
  channel: string;
  ttlMs: number;
  /** Entries kept at most; the oldest goes first. */
  max: number;
  /** Drops the entries an event makes stale. */
  evict(event: E, entries: CacheEntries<V>): void;
  /** Whether an entry within its TTL still holds at `now` (default: yes). */
  fresh?(value: V, now: number): boolean;
  /** Hears every event applied, local or from another process. */
  onEvent?(event: E): void;
}

export class NotifiedCache<V, E> {
  private readonly cache = new Map<string, { value: V; untilMs: number }>();
  /** Bumped by every event: a lookup that raced with one does not store what it read. */
  private epoch = 0;
  private listening = false;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly view: CacheEntries<V>;

  constructor(
    private readonly database: Pick<Database, "db" | "listen">,
    private readonly options: NotifiedCacheOptions<V, E>,
  ) {
    const cache = this.cache;
    this.view = {
      *entries() {
        for (const [key, { value }] of cache) yield [key, value];
      },
      delete: (key) => void cache.delete(key),
    };
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(this.options.channel, {
      message: (payload) => this.receive(payload),
      lost: () => {
        this.listening = false;
        this.clear();
      },
      ready: () => {
        this.listening = true;
        this.clear();
      },
    });
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.unlisten?.();
  }

  /** The fresh entry under `key` (a stale one is dropped); undefined when there is none. */
  get(key: string, now = Date.now()): { value: V } | undefined {
    const hit = this.cache.get(key);
    if (hit && hit.untilMs > now && (this.options.fresh?.(hit.value, now) ?? true)) return { value: hit.value };
    if (hit) this.cache.delete(key);
    return undefined;
  }

  /** Taken before a lookup and given back to `set`: what was read before an event is not stored after it. */
  ticket(): number {
    return this.epoch;
  }

  set(key: string, value: V, ticket: number, now = Date.now()): void {
    if (!this.listening || ticket !== this.epoch) return;
    if (this.cache.size >= this.options.max) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { value, untilMs: now + this.options.ttlMs });
  }

  /** Applies an event to this process only. */
  apply(event: E): void {
    this.epoch += 1;
    this.options.evict(event, this.view);
    this.options.onEvent?.(event);
  }

  /** Applies an event here and tells every other process. */
  async publish(event: E): Promise<void> {
    this.apply(event);
    await this.database.db.execute(sql`select pg_notify(${this.options.channel}, ${JSON.stringify(event)})`);
  }

  private receive(payload: string): void {
    try {
      this.apply(JSON.parse(payload) as E);
    } catch {
      // A payload we cannot read: drop everything rather than risk a stale entry.
      this.clear();
    }
  }

  private clear(): void {
    this.epoch += 1;
    this.cache.clear();
  }
}
