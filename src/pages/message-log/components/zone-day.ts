import { displayTimeZone } from "../../../shell/format";

// The picked days of the search form are days of the person's time zone (their profile's, India's by default), not
// the browser's: a day's first instant is found from the zone's offset at that day.

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The first instant of a day ("2026-12-05") in the display zone, as ISO; `plusDays` moves to a later day's start. */
export function dayStart(day: string, plusDays = 0, timeZone = displayTimeZone()): string {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d + plusDays);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone)).toISOString();
}
