import { useEffect, useRef } from "react";
import type { CampaignRecord } from "../../../../../contract";

/**
 * What moves when a campaign's messages move: its status, counts, failover spend and last update. Progress pushes and
 * the page's poll change it; a failover SMS's receipt changes no count but is pushed too (its time).
 */
export function countsSignature(campaign: CampaignRecord): string {
  const c = campaign.counts;
  return `${campaign.status}:${c.sent}:${c.delivered}:${c.read}:${c.replied}:${c.failed}:${c.unknown}:${c.failedOver}:${campaign.cost.failoverSpent}:${campaign.updatedAt}`;
}

/**
 * Refetches what is read from the recipients (the responses' rows, the report's timeline and errors) once the counts
 * have held still for `settleMs`: a table or chart refetched four times a second would flicker, and without it a paused
 * or finished campaign would show its last messages in the counts but not in the rows and the timeline.
 */
export function useFollowCounts(signature: string, refetch: () => unknown, settleMs = 1000): void {
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return undefined;
    const timer = window.setTimeout(() => {
      seen.current = signature;
      void refetch();
    }, settleMs);
    return () => window.clearTimeout(timer);
  }, [signature, refetch, settleMs]);
}
