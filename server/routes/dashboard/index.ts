import { DATE_MAX, DATE_MIN } from "../../../contract/constants";
import { addDays, isDay, reportDay } from "../../../contract/domain/dashboards";
import { MSG } from "../../../contract/messages";
import type { Caller } from "../../auth/caller";
import { callerOf } from "../../auth/guard";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import type { CallQuery } from "../../../contract/calls";
import { dashboardOverview } from "../../services/dashboard/overview";
import { rangeOf } from "../../services/dashboard/range";
import { reachOf } from "../../services/dashboard/scope";
import { statusCountsByDay, statusCountsByUser } from "../../services/dashboard/status-counts";
import { teamCsv, teamPage } from "../../services/dashboard/team";
import { teamCsat } from "../../services/dashboard/team-csat";
import { filterValue, pageWindow, totalPages } from "../../services/paging";
import { reachableUser } from "../../services/accounts/users";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

/** SPEC 5: userIds must be a non-empty list; each must be the caller or an account in reach. */
async function userIdsOf(db: Db, caller: Caller, query: CallQuery<"dashboard.statusCounts">): Promise<string[]> {
  const raw = query.userIds;
  if (raw === undefined || raw === "") throw badRequest(MSG.noUserIds);
  if (typeof raw !== "string") throw badRequest(MSG.userIdsNotArray);
  const ids = [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest(MSG.noUserIds);
  if (ids.length > 500) throw badRequest("userIds: at most 500 ids per call");
  for (const id of ids) if (id !== caller.id) await reachableUser(db, caller, id);
  return ids;
}

/** A reporting day from YYYY-MM-DD (a longer ISO date-time keeps its day) within DATE_MIN..DATE_MAX. */
function dateParam(
  query: CallQuery<"dashboard.storedStatusCounts">,
  name: "startDate" | "endDate",
  fallback: string,
): string {
  const raw = filterValue(query[name]);
  if (!raw) return fallback;
  const day = raw.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || !isDay(day)) {
    throw badRequest(`${name}: must be a date (YYYY-MM-DD)`, [{ field: name, message: "must be a date (YYYY-MM-DD)" }]);
  }
  if (day < DATE_MIN || day > DATE_MAX) {
    const message = `must be between ${DATE_MIN} and ${DATE_MAX}`;
    throw badRequest(`${name}: ${message}`, [{ field: name, message }]);
  }
  return day;
}

export const dashboardHandlers: Handlers = {
  "dashboard.statusCounts": async (request, _reply, { db }) => {
    const ids = await userIdsOf(db, callerOf(request), request.query);
    const counts = await statusCountsByUser(db, ids);
    return { success: true, data: Object.fromEntries(counts) };
  },

  "dashboard.storedStatusCounts": async (request, _reply, { db }) => {
    const { query } = request;
    const ids = await userIdsOf(db, callerOf(request), query);
    const end = dateParam(query, "endDate", reportDay(new Date()));
    const start = dateParam(query, "startDate", addDays(end, -29));
    const days = await statusCountsByDay(db, ids, start, end);
    return { success: true, data: days.map(({ date, counts }) => ({ date, ...counts })) };
  },

  "dashboard.overview": async (request, _reply, { db }) => {
    const reach = reachOf(callerOf(request));
    return { success: true, data: await dashboardOverview(db, reach, rangeOf(request.query)) };
  },

  "dashboard.team": async (request, _reply, { db }) => {
    const { query } = request;
    const window = pageWindow(query);
    const { count, rows } = await teamPage(db, reachOf(callerOf(request)), rangeOf(query), query, window);
    return {
      success: true,
      count,
      page: window.page,
      limit: window.limit,
      totalPages: totalPages(count, window.limit),
      data: rows,
    };
  },

  "dashboard.teamCsat": async (request, _reply, { db }) => {
    const { query } = request;
    const window = pageWindow(query);
    const { count, rows, totals } = await teamCsat(db, reachOf(callerOf(request)), rangeOf(query), window);
    return {
      success: true,
      count,
      page: window.page,
      limit: window.limit,
      totalPages: totalPages(count, window.limit),
      data: rows,
      totals,
    };
  },

  "dashboard.teamExport": async (request, reply, { db }) => {
    const range = rangeOf(request.query);
    const body = teamCsv(db, reachOf(callerOf(request)), range, request.query);
    return sendDownload(reply, body, "text/csv; charset=utf-8", `team-report-${range.from}-to-${range.to}.csv`);
  },
};
