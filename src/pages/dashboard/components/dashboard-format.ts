import type { CampaignChannel, DashboardOverview } from "../../../../contract";
import { formatCount } from "../../../shell/format";

// Channel tags print white on these: each at least 4.5:1 (#16a34a, a lighter green, gave 3.3:1).
export const CHANNEL_META: Record<CampaignChannel, { label: string; color: string }> = {
  whatsapp: { label: "WhatsApp", color: "#15803d" },
  sms: { label: "SMS", color: "#2563eb" },
  rcs: { label: "RCS", color: "#9333ea" },
};

/** "92.4%" of a whole, or "—" when there is nothing to divide. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%` : "—";
}

/** "WhatsApp 120 · SMS 40": the channels that sent, busiest first. */
export function channelSplit(data: DashboardOverview | undefined): string {
  const sent = (data?.channels ?? []).filter((c) => c.messages > 0).sort((a, b) => b.messages - a.messages);
  return sent.length
    ? sent.map((c) => `${CHANNEL_META[c.channel].label} ${formatCount(c.messages)}`).join(" · ")
    : "No messages in this period";
}

/** A response time: "42 s", "3 min 5 s", "2 h 10 min"; "—" without answers. */
export function duration(ms: number | null): string {
  if (ms === null) return "—";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** "24 Nov" for an axis tick from a reporting day. */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]}`;
}
