// Business hours and SLA clocks (issue 40 item 5): the one place that counts working time. An account's week (per
// weekday an opening and a closing time, or closed), its holidays (local dates) and its zone turn into working
// intervals of real instants; SLA targets are minutes of those. Zones come from the runtime's Intl (no library): a
// wall-clock time is turned into an instant by asking the zone's offset, so a zone with daylight saving counts a
// 23- or 25-hour day as it is.

import { wallClock } from "./wall-clock";

/** One weekday's hours, local "HH:MM" (close "24:00" is midnight at the day's end). Close before open: overnight. */
export interface DayHours {
  open: string;
  close: string;
}

/** Sunday first (Date#getUTCDay's order); null is a closed day. */
export type WeekHours = (DayHours | null)[];

export interface BusinessHours {
  timeZone: string;
  /** null: every hour counts (no business hours set). */
  week: WeekHours | null;
  /** Local dates ("YYYY-MM-DD") on which no shift opens. */
  holidays: readonly string[];
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const HOUR_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$";
export const DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
export const SLA_MINUTES_MAX = 525_600;
export const HOLIDAYS_MAX = 100;

/** How far ahead a due time is looked for: a week closed every day has none. */
const HORIZON_DAYS = 800;
const MINUTE = 60_000;
const DAY = 86_400_000;

const offsetAt = (ms: number, zone: string) => wallClock(ms, zone) - Math.floor(ms / 1000) * 1000;

/**
 * The instant a local wall-clock time (given as UTC milliseconds) happens in the zone. A time the clocks skip (spring
 * forward) moves forward by the gap (Temporal's "compatible"); a time they repeat reads as its first occurrence.
 */
export function zonedInstant(wall: number, zone: string): number {
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  if (first === second) return first;
  // Two offsets disagree around a change: the earlier instant that reads as `wall`, or the gap's end.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) if (wallClock(c, zone) === wall) return c;
  return Math.max(first, second);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const isoDate = (wallDay: number) => new Date(wallDay).toISOString().slice(0, 10);

/** The working intervals [start, end) of one local day (its opening shift, which may run past midnight). */
function dayIntervals(wallDay: number, hours: BusinessHours): [number, number][] {
  if (hours.holidays.includes(isoDate(wallDay))) return [];
  if (!hours.week) return [[zonedInstant(wallDay, hours.timeZone), zonedInstant(wallDay + DAY, hours.timeZone)]];
  const day = hours.week[new Date(wallDay).getUTCDay()];
  if (!day) return [];
  const open = minutesOf(day.open);
  let close = minutesOf(day.close);
  if (close === open) return [];
  if (close < open) close += 24 * 60;
  return [
    [zonedInstant(wallDay + open * MINUTE, hours.timeZone), zonedInstant(wallDay + close * MINUTE, hours.timeZone)],
  ];
}

/**
 * Working intervals from the local day before `from` (an overnight shift may still run) onwards, lazily, merged: a
 * day's overnight shift may overlap the next day's opening (Monday 20:00-04:00, Tuesday 02:00-10:00), and the hours
 * both cover count once. Each day's shift starts after the one before it, so merging needs only the last interval.
 */
function* intervalsFrom(from: number, hours: BusinessHours): Generator<[number, number]> {
  const firstDay = Math.floor(wallClock(from, hours.timeZone) / DAY) * DAY - DAY;
  let pending: [number, number] | null = null;
  for (let d = 0; d < HORIZON_DAYS; d++)
    for (const next of dayIntervals(firstDay + d * DAY, hours)) {
      if (pending && next[0] <= pending[1]) pending = [pending[0], Math.max(pending[1], next[1])];
      else {
        if (pending) yield pending;
        pending = next;
      }
    }
  if (pending) yield pending;
}

/** Whole working minutes between two instants (0 when `to` is not after `from`). */
export function workingMinutes(from: Date, to: Date, hours: BusinessHours): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let ms = 0;
  for (const [s, e] of intervalsFrom(a, hours)) {
    if (s >= b) break;
    ms += Math.max(0, Math.min(e, b) - Math.max(s, a));
  }
  return Math.floor(ms / MINUTE);
}

/** The instant `minutes` of working time after `start` ends, or null when none comes within the horizon. */
export function dueAfter(start: Date, minutes: number, hours: BusinessHours): Date | null {
  const a = start.getTime();
  let left = minutes * MINUTE;
  for (const [s, e] of intervalsFrom(a, hours)) {
    const from = Math.max(s, a);
    if (e <= from) continue;
    if (from + left <= e) return new Date(from + left);
    left -= e - from;
  }
  return null;
}
