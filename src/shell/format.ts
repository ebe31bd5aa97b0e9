import { formatINR } from "../../contract/domain/inr";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../../contract/domain/time-zone";

export { formatINR };

// Every date, time and number the console shows is written here: Indian English ("5 Dec 2026, 2:02 pm", lakh grouping),
// in the person's time zone, whatever the browser's locale and zone are (an operator's laptop set to en-US/UTC must not
// show "12/5/2026, 8:32 AM"). eslint refuses toLocale*String and dayjs' format elsewhere in src/.

const LOCALE = "en-IN";
const count = new Intl.NumberFormat(LOCALE);

function formatsIn(timeZone: string) {
  const zoned = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
  return {
    dateTime: zoned({
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    }),
    date: zoned({ day: "numeric", month: "short", year: "numeric" }),
    longDate: zoned({ day: "numeric", month: "long", year: "numeric" }),
    dayMonth: zoned({ day: "numeric", month: "short" }),
    weekday: zoned({ weekday: "short" }),
    time: zoned({ hour: "numeric", minute: "2-digit", hour12: true }),
    timeWithZone: zoned({ hour: "numeric", minute: "2-digit", hour12: true, timeZoneName: "short" }),
    timeWithSeconds: zoned({ hour: "numeric", minute: "2-digit", second: "2-digit", hour12: true }),
    dayKey: zoned({ year: "numeric", month: "2-digit", day: "2-digit" }),
    numeric: zoned({
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
  };
}

// The zone is the signed-in person's (their profile's time zone, India's until they pick another): the session store
// sets it when a session starts or the profile changes, before anything renders with it.
let zone = DEFAULT_TIME_ZONE;
let FORMATS = formatsIn(zone);

/** The zone dates are shown in now. */
export const displayTimeZone = (): string => zone;

/** Shows dates in `next` from now on; an unknown or missing zone means India's. */
export function setDisplayTimeZone(next: string | null | undefined): void {
  const chosen = next && isTimeZone(next) ? next : DEFAULT_TIME_ZONE;
  if (chosen === zone) return;
  zone = chosen;
  FORMATS = formatsIn(zone);
}

/** Signed money for ledger rows: "+₹500.00" / "-₹200.00". */
export function formatSignedINR(value: number): string {
  return value > 0 ? `+${formatINR(value)}` : formatINR(value);
}

/** "12,34,567": Indian grouping; a missing or non-finite value is 0. */
export function formatCount(value: number | null | undefined): string {
  return count.format(typeof value === "number" && Number.isFinite(value) ? value : 0);
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

type FormatName = keyof ReturnType<typeof formatsIn>;
const formatWith =
  (name: FormatName) =>
  (value: DateInput): string => {
    const d = toDate(value);
    return d ? FORMATS[name].format(d) : "—";
  };

/** "5 Dec 2026, 2:02 pm" */
export const formatDateTime = formatWith("dateTime");
/** "5 Dec 2026" */
export const formatDate = formatWith("date");
/** "5 December 2026": the chat's day separators. */
export const formatLongDate = formatWith("longDate");
/** "5 Dec": chart axes and inbox rows of this year. */
export const formatDayMonth = formatWith("dayMonth");
/** "Sat" */
export const formatWeekday = formatWith("weekday");
/** "2:02 pm" */
export const formatTime = formatWith("time");
/** "2:02 pm IST": a time said on its own, where the zone is worth naming (a campaign's expected finish). */
export const formatTimeWithZone = formatWith("timeWithZone");
/** "2:02:09 pm": "updated at" stamps of pages that refresh by themselves. */
export const formatTimeWithSeconds = formatWith("timeWithSeconds");

/** "05/12/2026 14:02": DD/MM/YYYY HH:mm (24-hour), for logs of events where the minute matters (fired alerts). */
export function formatNumericDateTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return "—";
  const part = Object.fromEntries(FORMATS.numeric.formatToParts(d).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** The calendar day in the display zone ("05/12/2026"), for "same day?" questions; "" for no date. */
export function dayKey(value: DateInput): string {
  const d = toDate(value);
  return d ? FORMATS.dayKey.format(d) : "";
}

/** "05/12/2026": a reporting day (YYYY-MM-DD, already India's calendar day) as DD/MM/YYYY, with no zone to apply. */
export function formatReportDay(day: string): string {
  const [year, month, date] = day.split("-");
  return date && month && year ? `${date}/${month}/${year}` : "—";
}
