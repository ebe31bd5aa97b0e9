import { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zone";
import { wallClock } from "./wall-clock";

// Recurring campaigns (issue 41, item 5): the rule of a schedule and its occurrences, the same on the server (which
// runs them) and in the console (which previews the next runs while the rule is edited).
//
// A rule is daily, weekly (on chosen days of the week) or monthly (on a day of the month) at HH:MM on the wall clock of
// an IANA time zone, optionally up to an end date (inclusive, on that zone's calendar). Monthly on a day the month
// lacks (31 in April, 29-31 in February) runs on the month's last day. Daylight saving: a local time the clocks skip
// (spring forward, 02:30 in New York on 8 March 2026) runs at the first valid instant after it (03:00 EDT); a local
// time the clocks repeat (fall back, 01:30 on 1 November 2026) runs once, at its first occurrence (EDT).

export const SCHEDULE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_STATUSES = ["active", "paused"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A run's state: waiting (its campaign was created and is reading its audience), started (the campaign was started
 * or scheduled for the SMS window, its hold taken), not_run (with the reason: insufficient balance, the audience could
 * not be read, the template or sender is gone).
 */
export const SCHEDULE_RUN_STATES = ["waiting", "started", "not_run"] as const;
export type ScheduleRunState = (typeof SCHEDULE_RUN_STATES)[number];

/** 0 = Sunday … 6 = Saturday, as Date.getUTCDay counts. */
export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const SCHEDULE_TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
export const SCHEDULE_DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
/** How many upcoming runs a schedule's page lists (and the calendar marks). */
export const NEXT_RUNS_SHOWN = 10;
export const SCHEDULE_NAME_MAX = 100;

export interface ScheduleRule {
  frequency: ScheduleFrequency;
  /** Wall-clock time in the zone, "HH:MM" (24-hour). */
  time: string;
  /** Weekly: the days it runs on, 0 = Sunday … 6 = Saturday. */
  daysOfWeek?: number[];
  /** Monthly: 1-31; a month without that day runs on its last day. */
  dayOfMonth?: number;
  timeZone: string;
  /** The last day it may run, "YYYY-MM-DD" on the zone's calendar (inclusive); none: runs until paused or deleted. */
  endDate?: string | null;
}

export interface RuleProblem {
  field: string;
  message: string;
}

export const SCHEDULE_MESSAGES = {
  time: "must be a time of day as HH:MM (00:00 to 23:59)",
  days: "choose at least one day of the week",
  dayValues: "days of the week are 0 (Sunday) to 6 (Saturday)",
  dayOfMonth: "must be a day of the month from 1 to 31",
  timeZone: "is not a known IANA time zone",
  endDate: "must be a date as YYYY-MM-DD",
  ended: "The schedule's end date has passed: it has no run left",
} as const;

const TIME = new RegExp(SCHEDULE_TIME_PATTERN);
const DATE = new RegExp(SCHEDULE_DATE_PATTERN);
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The longest search for occurrences: a monthly rule needs 31 days per run; this bounds a rule with none left. */
const HORIZON_DAYS = 3_700;

const validDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** What is wrong with a rule, field by field; empty when it can run. */
export function ruleProblems(rule: ScheduleRule): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!TIME.test(rule.time)) problems.push({ field: "time", message: SCHEDULE_MESSAGES.time });
  if (!isTimeZone(rule.timeZone)) problems.push({ field: "timeZone", message: SCHEDULE_MESSAGES.timeZone });
  if (rule.frequency === "weekly") {
    const days = rule.daysOfWeek ?? [];
    if (days.length === 0) problems.push({ field: "daysOfWeek", message: SCHEDULE_MESSAGES.days });
    else if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
      problems.push({ field: "daysOfWeek", message: SCHEDULE_MESSAGES.dayValues });
  }
  if (rule.frequency === "monthly") {
    const d = rule.dayOfMonth;
    if (d === undefined || !Number.isInteger(d) || d < 1 || d > 31)
      problems.push({ field: "dayOfMonth", message: SCHEDULE_MESSAGES.dayOfMonth });
  }
  if (rule.endDate && !validDate(rule.endDate)) problems.push({ field: "endDate", message: SCHEDULE_MESSAGES.endDate });
  return problems;
}

/** The zone's wall clock at an instant, to the minute, as if it were UTC (milliseconds). */
const wallMinute = (ms: number, zone: string): number => Math.floor(wallClock(ms, zone) / MINUTE) * MINUTE;

/**
 * The instant a wall-clock time (UTC milliseconds, whole minutes) happens in the zone: the earlier of two when the
 * clocks repeat it, the first instant after the gap when they skip it (not "shifted by the gap", as Temporal's
 * "compatible" would: 02:30 skipped runs at 03:00, not 03:30).
 */
export function wallToInstant(wall: number, zone: string): number {
  // Offsets in force a day either side cover any change around `wall` (zones change at most once in two days).
  const offsets = new Set([wallMinute(wall - DAY, zone) - (wall - DAY), wallMinute(wall + DAY, zone) - (wall + DAY)]);
  const exact = [...offsets].map((o) => wall - o).filter((t) => wallMinute(t, zone) === wall);
  if (exact.length) return Math.min(...exact);
  // Skipped: the first minute whose wall clock is at or past `wall` (the wall clock rises through the gap).
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (wallMinute(mid, zone) >= wall) hi = mid;
    else lo = mid;
  }
  return wallMinute(lo, zone) >= wall ? lo : hi;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Whether the rule runs on a calendar day (given as the UTC midnight of that date). */
function runsOn(rule: ScheduleRule, day: Date): boolean {
  if (rule.frequency === "daily") return true;
  if (rule.frequency === "weekly") return (rule.daysOfWeek ?? []).includes(day.getUTCDay());
  const wanted = rule.dayOfMonth ?? 1;
  const last = daysInMonth(day.getUTCFullYear(), day.getUTCMonth());
  return day.getUTCDate() === Math.min(wanted, last);
}

/**
 * The next `count` runs strictly after `after`, earliest first; fewer when the end date comes first. A rule with
 * problems has none (check `ruleProblems` first to say why).
 */
export function nextOccurrences(rule: ScheduleRule, after: Date, count: number): Date[] {
  if (count <= 0 || ruleProblems(rule).length) return [];
  const minutes = Number(rule.time.slice(0, 2)) * 60 + Number(rule.time.slice(3, 5));
  const end = rule.endDate ? Date.parse(`${rule.endDate}T00:00:00Z`) : Infinity;
  const from = after.getTime();
  // Start a day before the zone's date of `after`: an occurrence on that date may still be ahead.
  const today = wallMinute(from, rule.timeZone);
  let day = Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), new Date(today).getUTCDate());
  day -= DAY;
  const runs: Date[] = [];
  for (let i = 0; i < HORIZON_DAYS && runs.length < count && day <= end; i++, day += DAY) {
    if (!runsOn(rule, new Date(day))) continue;
    const at = wallToInstant(day + minutes * MINUTE, rule.timeZone);
    if (at > from) runs.push(new Date(at));
  }
  return runs;
}

/** The first run after `after`, or null when none is left (the end date passed). */
export const nextRun = (rule: ScheduleRule, after: Date): Date | null => nextOccurrences(rule, after, 1)[0] ?? null;

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
};

/** India's zone reads as IST (the one abbreviation nobody misreads here); any other zone by its IANA name. */
export const zoneLabel = (zone: string) => (zone === DEFAULT_TIME_ZONE ? "IST" : zone);

/** The rule in words: "Every Mon, Wed at 09:00 IST", "Every day at 18:30 IST", "Monthly on the 31st at 09:00 IST …". */
export function describeRule(rule: ScheduleRule): string {
  const at = `at ${rule.time} ${zoneLabel(rule.timeZone)}`;
  let words: string;
  if (rule.frequency === "daily") words = `Every day ${at}`;
  else if (rule.frequency === "weekly") {
    const days = [...new Set(rule.daysOfWeek ?? [])].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
    words = `Every ${days.map((d) => WEEKDAY_SHORT[d] ?? "?").join(", ")} ${at}`;
  } else {
    const d = rule.dayOfMonth ?? 1;
    words = `Monthly on the ${ordinal(d)} ${at}${d > 28 ? " (the last day in shorter months)" : ""}`;
  }
  return rule.endDate ? `${words}, until ${rule.endDate}` : words;
}

const MONTH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A run's campaign name: "<schedule> · 7 Dec 2026, 09:00" on the schedule zone's clock, the schedule's name cut so
 * the whole fits `max` characters (a campaign name's limit).
 */
export function runCampaignName(schedule: string, planned: Date, zone: string, max: number): string {
  const wall = new Date(wallMinute(planned.getTime(), zone));
  const hh = String(wall.getUTCHours()).padStart(2, "0");
  const mm = String(wall.getUTCMinutes()).padStart(2, "0");
  const when = ` · ${wall.getUTCDate()} ${MONTH_SHORT[wall.getUTCMonth()]} ${wall.getUTCFullYear()}, ${hh}:${mm}`;
  return `${schedule
    .trim()
    .slice(0, Math.max(1, max - when.length))
    .trimEnd()}${when}`;
}
