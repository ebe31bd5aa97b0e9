import { useEffect, useState } from "react";
import type { CampaignRecord } from "../../../../../contract";
import type { ProgressUpdate } from "../../../../../contract/domain/campaigns";
import { useCall } from "../../../../api";
import { subscribeProgress } from "../../../../providers/campaign-progress-feed";
import { stillSettling, withProgress } from "./report-data";

/**
 * Pushes go to the sockets of the process that sends; this poll catches what another process (or a lost push) missed.
 */
export const LIVE_POLL_MS = 10_000;

/**
 * One campaign, live: campaigns.get, overlaid with its 'progressUpdate' pushes, refetched when a push says the
 * status moved (the record then brings what a push does not carry: times, hold, reason). `onStatusChange` lets the
 * page refresh what hangs on the status (the report).
 */
export function useLiveCampaign(id: string | undefined, onStatusChange?: (status: CampaignRecord["status"]) => void) {
  const [push, setPush] = useState<ProgressUpdate | null>(null);
  const { query } = useCall(
    "campaigns.get",
    { params: { id: id ?? "" } },
    {
      queryOptions: {
        enabled: Boolean(id),
        refetchInterval: (q) => {
          const c = q.state.data?.data.data;
          return c && stillSettling(c) ? LIVE_POLL_MS : false;
        },
      },
      errorNotification: false,
    },
  );
  const record = query.data?.data.data;

  useEffect(() => {
    setPush(null);
    if (!id) return undefined;
    return subscribeProgress((update) => {
      if (update.campaignId !== id) return;
      setPush((prev) => (prev && Date.parse(prev.at) > Date.parse(update.at) ? prev : update));
    });
  }, [id]);

  const pushedStatus = push?.status;
  const fetchedStatus = record?.status;
  const { refetch } = query;
  useEffect(() => {
    if (!pushedStatus || !fetchedStatus || pushedStatus === fetchedStatus) return;
    void refetch();
    onStatusChange?.(pushedStatus);
    // onStatusChange is the page's callback; a new function each render must not refetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pushedStatus, fetchedStatus, refetch]);

  return { campaign: record ? withProgress(record, push) : undefined, query, live: Boolean(push) };
}
