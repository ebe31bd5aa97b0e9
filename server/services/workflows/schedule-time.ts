// Time for workflows: the schedule trigger's next firing (cron-parser, in the trigger's time zone) and the business
// hours condition (the local weekday and time in a zone, from Intl).
import { CronExpressionParser } from "cron-parser";
import { isTimeZone } from "../../../contract/domain/time-zone";

export function zoneProblem(zone: string): string | null {
  return isTimeZone(zone) ? null : `"${zone}" is not a time zone (use an IANA name such as Asia/Kolkata)`;
}

export function cronProblem(cron: string, zone: string): string | null {
  if (cron.trim().split(/\s+/).length !== 5) return "a cron expression has five fields (minute hour day month weekday)";
  try {
    CronExpressionParser.parse(cron, { tz: zoneProblem(zone) ? "UTC" : zone });
    return null;
  } catch (err) {
    return `the cron expression is not valid (${(err as Error).message})`;
  }
}

/** The first time after `after` the expression names, in the zone. */
export function nextFireAt(cron: string, zone: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { tz: zone, currentDate: after }).next().toDate();
}

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** The weekday (mon…sun) and HH:MM of an instant in a zone. */
export function localTime(at: Date, zone: string): { day: string; hhmm: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = get("weekday").toLowerCase().slice(0, 3);
  return {
    day: DAYS.find((d) => d === day) ?? day,
    hhmm: `${get("hour").padStart(2, "0")}:${get("minute").padStart(2, "0")}`,
  };
}

/** Inside opening hours: the day is listed and start <= time < end (an end before the start spans midnight). */
export function withinHours(at: Date, zone: string, days: readonly string[], start: string, end: string): boolean {
  const { day, hhmm } = localTime(at, zone);
  if (!days.includes(day)) return false;
  return start <= end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}
