import { DATE_MAX, DATE_MIN, MESSAGE_STATUSES, type MessageStatus } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import type { Caller } from "../../auth/caller";
import { callerOf } from "../../auth/guard";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import type { CallQuery } from "../../../contract/calls";
import { statusCountsByDay, statusCountsByUser } from "../../services/dashboard";
import { filterValue } from "../../services/paging";
import { reachableUser } from "../../services/users";
import type { Handlers } from "../context";

type Counts = Record<MessageStatus | "total", number>;
const emptyCounts = (): Counts => ({ pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, total: 0 });

/** SPEC 5: userIds must be a non-empty list; each must be the caller or an account in reach. */
async function userIdsOf(db: Db, caller: Caller, query: CallQuery<"dashboard.statusCounts">): Promise<string[]> {
  const raw = query.userIds;
  if (raw === undefined || raw === "") throw badRequest(MSG.noUserIds);
  if (typeof raw !== "string") throw badRequest(MSG.userIdsNotArray);
  const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(MSG.noUserIds);
  if (ids.length > 500) throw badRequest("userIds: at most 500 ids per call");
  for (const id of ids) if (id !== caller.id) await reachableUser(db, caller, id);
  return ids;
}

function add(counts: Counts, status: string, n: number): void {
  if ((MESSAGE_STATUSES as readonly string[]).includes(status)) counts[status as MessageStatus] += n;
  counts.total += n;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.parse(`${DATE_MIN}T00:00:00Z`);
const LAST_DAY = Date.parse(`${DATE_MAX}T00:00:00Z`);

/** A YYYY-MM-DD date within DATE_MIN..DATE_MAX; a year such as 9999 would overflow the database's timestamps. */
function dateParam(query: CallQuery<"dashboard.storedStatusCounts">, name: "startDate" | "endDate", fallback: Date): Date {
  const raw = filterValue(query[name]);
  if (!raw) return fallback;
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime())) {
    throw badRequest(`${name}: must be a date (YYYY-MM-DD)`, [{ field: name, message: "must be a date (YYYY-MM-DD)" }]);
  }
  if (date.getTime() < FIRST_DAY || date.getTime() > LAST_DAY + DAY_MS - 1) {
    const message = `must be between ${DATE_MIN} and ${DATE_MAX}`;
    throw badRequest(`${name}: ${message}`, [{ field: name, message }]);
  }
  return date;
}

export const dashboardHandlers: Handlers = {
  "dashboard.statusCounts": async (request, _reply, { db }) => {
    const ids = await userIdsOf(db, callerOf(request), request.query);
    const rows = await statusCountsByUser(db, ids);
    const data: Record<string, Counts> = Object.fromEntries(ids.map((id) => [id, emptyCounts()]));
    for (const row of rows) add(data[row.userId], row.status, row.n);
    return { success: true, data };
  },

  "dashboard.storedStatusCounts": async (request, _reply, { db }) => {
    const { query } = request;
    const ids = await userIdsOf(db, callerOf(request), query);
    const end = dateParam(query, "endDate", new Date());
    const start = dateParam(query, "startDate", new Date(end.getTime() - 29 * DAY_MS));
    const endExclusive = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) + DAY_MS);
    const rows = await statusCountsByDay(db, ids, start, endExclusive);
    const byDate = new Map<string, Counts>();
    for (const row of rows) {
      if (!byDate.has(row.date)) byDate.set(row.date, emptyCounts());
      add(byDate.get(row.date) as Counts, row.status, row.n);
    }
    return { success: true, data: [...byDate].map(([date, counts]) => ({ date, ...counts })) };
  },
};
