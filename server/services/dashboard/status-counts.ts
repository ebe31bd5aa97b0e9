import { sql } from "drizzle-orm";
import type { MessageStatus } from "../../../contract/constants";
import { STATUS_OF_STATE } from "../../../contract/domain/dashboards";
import type { RecipientState } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

// SPEC's status counts, from the messages accounts really sent: campaign recipients and their states, read from the
// rollup (recipient_daily_stats) rather than the recipient rows. An account's messages are those of the campaigns
// it owns (and pays for).

export type StatusCounts = Record<MessageStatus | "total", number>;
export const emptyCounts = (): StatusCounts => ({ pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, total: 0 });

/** Adds `n` recipients in `state`; skipped ones were never messages and count nowhere. */
export function addState(counts: StatusCounts, state: string, n: number): void {
  const status = STATUS_OF_STATE[state as RecipientState];
  if (!status) return;
  counts[status] += n;
  counts.total += n;
}

/** Message counts per account and status, every message ever (pending ones included). */
export async function statusCountsByUser(db: Db, userIds: string[]): Promise<Map<string, StatusCounts>> {
  const rows = await rowsOf<{ user_id: string; state: string; n: number }>(
    db,
    sql`select s.user_id::text, s.state, sum(s.recipients)::int as n from recipient_daily_stats s
        where s.user_id = any(${pgArray(userIds)}::uuid[]) group by 1, 2`,
  );
  const out = new Map(userIds.map((id) => [id, emptyCounts()]));
  for (const row of rows) {
    const counts = out.get(row.user_id);
    if (counts) addState(counts, row.state, row.n);
  }
  return out;
}

/** Message counts per reporting day over the accounts, `from` to `to` inclusive (messages are dated when sent). */
export async function statusCountsByDay(
  db: Db,
  userIds: string[],
  from: string,
  to: string,
): Promise<{ date: string; counts: StatusCounts }[]> {
  const rows = await rowsOf<{ day: string; state: string; n: number }>(
    db,
    sql`select s.day::text as day, s.state, sum(s.recipients)::int as n from recipient_daily_stats s
        where s.user_id = any(${pgArray(userIds)}::uuid[]) and s.day >= ${from}::date and s.day <= ${to}::date
        group by 1, 2 order by 1`,
  );
  const byDay = new Map<string, StatusCounts>();
  for (const row of rows) {
    if (!byDay.has(row.day)) byDay.set(row.day, emptyCounts());
    addState(byDay.get(row.day) as StatusCounts, row.state, row.n);
  }
  return [...byDay].filter(([, counts]) => counts.total > 0).map(([date, counts]) => ({ date, counts }));
}
