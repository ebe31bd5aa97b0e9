import type { BalanceRequestRecord } from "../../contract";
import { balanceDecisionText } from "../../contract/domain/balance-requests";

/** A decided request as the toast tells it; the id keeps a repeated push (socket and catch-up) from showing twice. */
export function decisionNotification(r: BalanceRequestRecord) {
  return {
    id: `balance-request-${r._id}-${r.status}`,
    ...balanceDecisionText(r),
    time: r.decidedAt ? Date.parse(r.decidedAt) : Date.now(),
  };
}

const decidedAt = (r: BalanceRequestRecord) => (r.decidedAt ? Date.parse(r.decidedAt) : 0);

/**
 * Decisions made after `seenUpTo` (epoch ms), oldest first, and the new watermark. Without a watermark (first
 * visit in this browser) nothing is announced: the history is on the billing page, the bell is for news.
 */
export function unseenDecisions(records: readonly BalanceRequestRecord[], seenUpTo: number | null) {
  const decided = records.filter((r) => r.status !== "pending" && decidedAt(r) > 0);
  const newest = decided.reduce((max, r) => Math.max(max, decidedAt(r)), seenUpTo ?? 0);
  if (seenUpTo === null) return { unseen: [], seenUpTo: newest };
  const unseen = decided.filter((r) => decidedAt(r) > seenUpTo).sort((a, b) => decidedAt(a) - decidedAt(b));
  return { unseen, seenUpTo: newest };
}

const keyOf = (userId: string) => `balanceRequestsSeen_${userId}`;

export function readSeenUpTo(userId: string): number | null {
  const raw = window.localStorage.getItem(keyOf(userId));
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeSeenUpTo(userId: string, value: number): void {
  window.localStorage.setItem(keyOf(userId), String(value));
}
