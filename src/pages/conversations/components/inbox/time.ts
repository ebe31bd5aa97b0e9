import { dayKey, formatDayMonth, formatLongDate, formatTime, formatWeekday } from "../../../../shell/format";

/** "now", "5 min", "3 h", "Mon", "12 Nov": how long ago, as inbox lists show it. */
export function formatRelative(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const diff = Math.max(0, now - at);
  if (diff < 60_000) return "now";
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)} min`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} h`;
  const date = new Date(at);
  if (diff < 7 * 86_400_000) return formatWeekday(date);
  return formatDayMonth(date);
}

/** The day separator's text. */
export function dayLabel(iso: string, now = new Date()): string {
  const day = dayKey(iso);
  if (day === dayKey(now)) return "Today";
  if (day === dayKey(now.getTime() - 86_400_000)) return "Yesterday";
  return formatLongDate(iso);
}

export const timeOf = (iso: string) => formatTime(iso);
