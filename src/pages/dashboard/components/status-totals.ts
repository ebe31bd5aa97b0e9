import { MESSAGE_STATUSES, type MessageStatus } from "../../../../contract";
import type { StatusCount } from "../../../api";

export type StatusTotals = Record<MessageStatus | "total", number>;

export const STATUS_META: Record<MessageStatus, { label: string; color: string }> = {
  pending: { label: "Pending", color: "#94a3b8" },
  sent: { label: "Sent", color: "#3b82f6" },
  delivered: { label: "Delivered", color: "#14b8a6" },
  read: { label: "Read", color: "#22c55e" },
  failed: { label: "Failed", color: "#ef4444" },
};

const empty = (): StatusTotals => ({ pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, total: 0 });

/** Sums dashboard.statusCounts over the listed accounts; missing or non-numeric values count as 0. */
export function sumStatusCounts(data: Readonly<Record<string, Partial<StatusCount>>> | null | undefined): StatusTotals {
  const out = empty();
  for (const counts of Object.values(data ?? {})) {
    for (const s of MESSAGE_STATUSES) out[s] += Number(counts?.[s]) || 0;
    out.total += Number(counts?.total) || 0;
  }
  return out;
}

/** Share of all messages, in whole percent, for the bars (0 when nothing was sent). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

export interface StatusBreakdown {
  active: number;
  suspended: number;
}

export function statusBreakdown(users: readonly { status: string }[]): StatusBreakdown {
  let active = 0;
  let suspended = 0;
  for (const u of users) {
    if (u.status === "suspended") suspended += 1;
    else active += 1;
  }
  return { active, suspended };
}
