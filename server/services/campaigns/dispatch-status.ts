// Statuses of the campaigns being sent, read for all of them in one query at most every statusMs: should a stop
// signal be lost (LISTEN down), a pause or discard still stops launching sends within that time. The same read
// brings what the live control room changes while a campaign runs (its throttle and alerts) and its spend (the cost
// alert), so a change made through any process applies here within statusMs.
import { sql } from "drizzle-orm";
import { hot, type Db } from "../../db/client";
import type { CampaignAlertSettings } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";

/** A sending campaign's settings as last read. */
export interface LiveSettings {
  /** The sender's throttle in messages a second; null: as fast as its sender allows. */
  throttle: number | null;
  alerts: CampaignAlertSettings | null;
  spentPaise: number;
}

export interface StatusReader {
  /** The campaign's status, at most `statusMs` old; the campaign is watched from now on. */
  statusOf(id: string): Promise<string | undefined>;
  /** A status read elsewhere (under the row lock, so fresher than any read here). */
  set(id: string, status: string): void;
  /** The campaign's throttle, alerts and spend as of the last read (undefined before its first). */
  settingsOf(id: string): LiveSettings | undefined;
}

interface Row {
  id: string;
  status: string;
  throttle: number | null;
  alerts: CampaignAlertSettings | null;
  spent: number;
}

export function createStatusReader(db: Db, statusMs: number): StatusReader {
  let statuses = new Map<string, string>();
  let settings = new Map<string, LiveSettings>();
  let statusesAt = 0;
  let statusRead: Promise<void> | undefined;
  const watched = new Set<string>();
  async function statusOf(id: string): Promise<string | undefined> {
    watched.add(id);
    // Twice at most: a read already under way when `id` joined the watched set does not name it (campaigns started
    // together each found their first batch "not running" that way, and gave it back unsent).
    for (let reads = 0; reads < 2 && (Date.now() - statusesAt > statusMs || !statuses.has(id)); reads++) {
      statusRead ??= rowsOf<Row>(
        db,
        hot(sql`select id, status, throttle_per_second as throttle, alerts, spent_paise::float8 as spent
                from campaigns where id = any(${pgArray([...watched])}::uuid[])`),
      )
        .then((rows) => {
          statuses = new Map(rows.map((r) => [r.id, r.status]));
          settings = new Map(
            rows.map((r) => [r.id, { throttle: r.throttle, alerts: r.alerts, spentPaise: Number(r.spent) }]),
          );
          statusesAt = Date.now();
        })
        .finally(() => {
          statusRead = undefined;
        });
      await statusRead;
    }
    return statuses.get(id);
  }
  return { statusOf, set: (id, status) => statuses.set(id, status), settingsOf: (id) => settings.get(id) };
}
