import { SMS_WINDOW } from "../../../contract/domain/campaigns";
import { DND_RULES } from "../../../contract/domain/dnd";
import { SMS_CATEGORIES, type SmsCategory } from "../../../contract/domain/sms";

// TRAI's sending window for promotional and service-explicit SMS, in the window's own time zone. The zone comes
// from Intl (not a fixed +05:30) so a configured zone with daylight saving would still land on the right instant.

export interface SmsWindowConfig {
  start: string;
  end: string;
  timeZone?: string;
}

/** Only these categories are bound to the window; transactional and service-implicit SMS go out at any hour. */
export const WINDOWED_SMS_CATEGORIES: readonly SmsCategory[] = SMS_CATEGORIES.filter((c) => DND_RULES[c].windowed);

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

interface LocalParts {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

function localParts(at: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), minutes: get("hour") * 60 + get("minute") };
}

/** The zone's offset from UTC at `at`, in minutes. */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, Math.floor(p.minutes / 60), p.minutes % 60);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a local wall time (year, month, day, minutes after midnight) in `timeZone`. */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

export interface WindowState {
  openNow: boolean;
  /** When closed, the next opening instant; null when open. */
  nextOpenAt: Date | null;
}

/** Whether the window is open at `at`, and if not, when it opens next. */
export function smsWindowAt(at: Date, config: SmsWindowConfig): WindowState {
  const timeZone = config.timeZone ?? SMS_WINDOW.timeZone;
  const start = minutesOf(config.start);
  const end = minutesOf(config.end);
  const local = localParts(at, timeZone);
  if (local.minutes >= start && local.minutes < end) return { openNow: true, nextOpenAt: null };
  // Before the opening: today's; after the close: tomorrow's (Date.UTC rolls the day over month ends).
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (local.minutes >= end ? 1 : 0)));
  return {
    openNow: false,
    nextOpenAt: instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), start, timeZone),
  };
}

/** "10:00 IST"-style label of the opening, for messages. */
export function openingLabel(config: SmsWindowConfig): string {
  const timeZone = config.timeZone ?? SMS_WINDOW.timeZone;
  return `${config.start} ${timeZone === "Asia/Kolkata" ? "IST" : timeZone}`;
}
