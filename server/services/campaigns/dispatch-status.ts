// Statuses of the campaigns being sent, read for all of them in one query at most every statusMs: should a stop
// signal be lost (LISTEN down), a pause or discard still stops launching sends within that time.
import { sql } from "drizzle-orm";
import { hot, type Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

export interface StatusReader {
  /** The campaign's status, at most `statusMs` old; the campaign is watched from now on. */
  statusOf(id: string): Promise<string | undefined>;
  /** A status read elsewhere (under the row lock, so fresher than any read here). */
  set(id: string, status: string): void;
}

export function createStatusReader(db: Db, statusMs: number): StatusReader {
  let statuses = new Map<string, string>();
  let statusesAt = 0;
  let statusRead: Promise<void> | undefined;
  const watched = new Set<string>();
  async function statusOf(id: string): Promise<string | undefined> {
    watched.add(id);
    // Twice at most: a read already under way when `id` joined the watched set does not name it (campaigns started
    // together each found their first batch "not running" that way, and gave it back unsent).
    for (let reads = 0; reads < 2 && (Date.now() - statusesAt > statusMs || !statuses.has(id)); reads++) {
      statusRead ??= rowsOf<{ id: string; status: string }>(
        db,
        hot(sql`select id, status from campaigns where id = any(${pgArray([...watched])}::uuid[])`),
      )
        .then((rows) => {
          statuses = new Map(rows.map((r) => [r.id, r.status]));
          statusesAt = Date.now();
        })
        .finally(() => {
          statusRead = undefined;
        });
      await statusRead;
    }
    return statuses.get(id);
  }
  return { statusOf, set: (id, status) => statuses.set(id, status) };
}
