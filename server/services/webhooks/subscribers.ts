// Which accounts have active webhook endpoints, and for which events, kept in memory: receipts arrive by the
// thousand a second and the question "does this account want them?" must not cost a query when the answer is no
// (nearly always). Every process keeps its own copy, told of changes with PostgreSQL NOTIFY (the session cache's
// way); a full re-read every minute is the safety net for a lost notification, and while the LISTEN connection is
// down the copy is not trusted: every event then goes to the database, which answers exactly (at a query's cost).
import { sql } from "drizzle-orm";
import type { WebhookEvent } from "../../../contract/domain/webhooks";
import type { Database, Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

const CHANNEL = "webhook_endpoints";
const RELOAD_MS = 60_000;

type Subscriptions = Map<string, ReadonlySet<WebhookEvent>>;

interface Row {
  user_id: string;
  events: WebhookEvent[];
}

async function readSubscriptions(db: Db, ownerId?: string): Promise<Row[]> {
  return rowsOf<Row>(
    db,
    sql`select user_id, array_agg(distinct ev) as events from webhook_endpoints, unnest(events) as ev
        where active ${ownerId ? sql`and user_id = ${ownerId}` : sql``} group by user_id`,
  );
}

/** One database's subscriptions (one per app; tests run several apps in one process). */
class Source {
  subscriptions: Subscriptions = new Map();
  /** Accounts subscribed per event, so "does anyone want it?" is one lookup. */
  counts = new Map<WebhookEvent, number>();
  /** Loaded and listening: its answers can be trusted. */
  trusted = false;
  private epoch = 0;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(readonly database: Pick<Database, "db" | "listen">) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, {
      message: (ownerId) => void this.refresh(ownerId),
      lost: () => {
        this.trusted = false;
      },
      ready: () => void this.reload(),
    });
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.trusted = false;
    await this.unlisten?.();
  }

  /** Re-reads everything; a change announced meanwhile makes it read again, so a stale read never wins. */
  async reload(): Promise<void> {
    for (let tries = 0; tries < 3; tries++) {
      const epoch = this.epoch;
      const rows = await readSubscriptions(this.database.db).catch(() => null);
      if (!rows) return;
      if (epoch !== this.epoch) continue;
      this.subscriptions = new Map(rows.map((r) => [r.user_id, new Set(r.events)]));
      this.counts = new Map();
      for (const events of this.subscriptions.values()) this.count(events, 1);
      this.trusted = true;
      return;
    }
  }

  async refresh(ownerId: string): Promise<void> {
    this.epoch += 1;
    const rows = await readSubscriptions(this.database.db, ownerId).catch(() => null);
    // Unread, the copy may be wrong about this account: untrusted until the next full read.
    if (!rows) {
      this.trusted = false;
      return;
    }
    const [row] = rows;
    const before = this.subscriptions.get(ownerId);
    if (before) this.count(before, -1);
    if (row) {
      const events = new Set(row.events);
      this.subscriptions.set(ownerId, events);
      this.count(events, 1);
    } else this.subscriptions.delete(ownerId);
  }

  private count(events: ReadonlySet<WebhookEvent>, by: 1 | -1): void {
    for (const e of events) this.counts.set(e, (this.counts.get(e) ?? 0) + by);
  }
}

const sources = new Set<Source>();

/** Reads the subscriptions of this database and follows their changes until the returned stop is called. */
export async function followWebhookSubscriptions(
  database: Pick<Database, "db" | "listen">,
): Promise<() => Promise<void>> {
  const source = new Source(database);
  sources.add(source);
  await source.start();
  return async () => {
    sources.delete(source);
    await source.stop();
  };
}

const trusted = () => sources.size > 0 && [...sources].every((s) => s.trusted);

/** Whether an event of this kind for this account may have a receiver; false means certainly not. */
export function webhooksWanted(ownerId: string, event: WebhookEvent): boolean {
  if (!trusted()) return true;
  for (const s of sources) if (s.subscriptions.get(ownerId)?.has(event)) return true;
  return false;
}

/** Whether any account may want this event: hot paths that do not know the owner yet ask this first. */
export function anyWebhooksWanted(event: WebhookEvent): boolean {
  if (!trusted()) return true;
  for (const s of sources) if ((s.counts.get(event) ?? 0) > 0) return true;
  return false;
}

/**
 * After an account's endpoints changed: this process's copy is updated before the answer goes out (so the next event
 * sees it), and every other process is told.
 */
export async function announceWebhookChange(db: Db, ownerId: string): Promise<void> {
  await Promise.all([...sources].filter((s) => s.database.db === db).map((s) => s.refresh(ownerId)));
  await db.execute(sql`select pg_notify(${CHANNEL}, ${ownerId})`);
}
