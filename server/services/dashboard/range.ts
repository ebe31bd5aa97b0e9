import { DATE_MAX, DATE_MIN } from "../../../contract/constants";
import {
  addDays,
  DASHBOARD_MAX_DAYS,
  dayCount,
  dayStart,
  isDay,
  presetDays,
  type DashboardChannel,
} from "../../../contract/domain/dashboards";
import { badRequest } from "../../http/errors";
import { filterValue } from "../paging";

/** A validated reporting range: its days (inclusive) and the instants that bound them (end exclusive). */
export interface ReportRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  channel: DashboardChannel;
}

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

function day(raw: string | undefined, field: "from" | "to"): string | undefined {
  const value = filterValue(raw);
  if (value === undefined) return undefined;
  if (!isDay(value)) throw refuse(field, "must be a date (YYYY-MM-DD)");
  if (value < DATE_MIN || value > DATE_MAX) throw refuse(field, `must be between ${DATE_MIN} and ${DATE_MAX}`);
  return value;
}

/**
 * `from` and `to` of a dashboard or quota call. Neither: the last 7 days; only `to`: the 7 days up to it; only
 * `from`: from it up to today (or, for a future day, that day alone). A range backwards or longer than a year is
 * refused, so one call stays bounded.
 */
export function rangeOf(
  query: { from?: string; to?: string; channel?: DashboardChannel },
  now: Date = new Date(),
): ReportRange {
  const given = { from: day(query.from, "from"), to: day(query.to, "to") };
  const week = presetDays("7d", now);
  const to = given.to ?? (given.from && given.from > week.to ? given.from : week.to);
  const from = given.from ?? addDays(to, -6);
  if (from > to) throw refuse("from", "must not be after to");
  if (dayCount(from, to) > DASHBOARD_MAX_DAYS)
    throw refuse("from", `the range may cover at most ${DASHBOARD_MAX_DAYS} days`);
  return { from, to, start: dayStart(from), end: dayStart(addDays(to, 1)), channel: query.channel ?? "all" };
}
