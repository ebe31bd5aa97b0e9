// Day arithmetic of the WhatsApp analytics call, shared by the server (which counts) and the console (which asks
// for a range). Days are UTC calendar days written YYYY-MM-DD.

const DAY_MS = 86_400_000;

/** The longest range one analytics call covers, in days (a year, leap day included). */
export const ANALYTICS_MAX_DAYS = 366;
/** The range when the caller names none: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

/** The UTC midnight of a YYYY-MM-DD day, or null when it is no calendar day (2026-02-30). */
export function parseDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

export const formatDay = (date: Date): string => date.toISOString().slice(0, 10);

/** `days` days before `day` (negative: after). */
export const shiftDay = (day: string, days: number): string =>
  formatDay(new Date(Date.parse(`${day}T00:00:00.000Z`) - days * DAY_MS));

/** Every day from start to end, both included; empty when end is before start. */
export function daysBetween(start: string, end: string): string[] {
  const from = parseDay(start);
  const to = parseDay(end);
  if (!from || !to) return [];
  const out: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) out.push(formatDay(new Date(t)));
  return out;
}

/** A comma-joined query value as its non-empty, trimmed items (SPEC 7: arrays are comma-joined). */
export const splitList = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
