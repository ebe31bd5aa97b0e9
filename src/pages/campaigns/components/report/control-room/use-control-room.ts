import { useEffect, useRef } from "react";
import { useCall } from "../../../../../api";
import { subscribeProgress } from "../../../../../providers/campaign-progress-feed";
import { LIVE_REFRESH_MS } from "../../../../../providers/live-provider";
import { LIVE_POLL_MS } from "../use-live-campaign";
import { stillMoving } from "./control-room-data";

/**
 * Calls `refetch` on each push for the campaign, at most once every LIVE_REFRESH_MS: the first at once, the last of a
 * burst always (trailing), so the figures never stay behind the push that moved them. A sending campaign pushes up to
 * four times a second; campaigns.live reads buckets and recipients, too much to read at that pace.
 */
export function useRefetchOnProgress(id: string, enabled: boolean, refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const fire = () => {
      timer = null;
      last = Date.now();
      void latest.current();
    };
    const stop = subscribeProgress((update) => {
      if (update.campaignId !== id || timer) return;
      const wait = Math.max(0, last + LIVE_REFRESH_MS - Date.now());
      if (wait === 0) fire();
      else timer = setTimeout(fire, wait);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [id, enabled]);
}

/**
 * A campaign's control room figures (campaigns.live): refetched on its progress pushes, and every LIVE_POLL_MS as a
 * fallback while it moves (a push from another process can be missed); read once after it has ended.
 */
export function useControlRoom(id: string, enabled: boolean) {
  const { query } = useCall(
    "campaigns.live",
    { params: { id } },
    {
      queryOptions: {
        enabled,
        refetchInterval: (q) => {
          const live = q.state.data?.data.data;
          return live && stillMoving(live.status) ? LIVE_POLL_MS : false;
        },
      },
      errorNotification: false,
    },
  );
  const live = query.data?.data.data;
  const moving = live ? stillMoving(live.status) : enabled;
  useRefetchOnProgress(id, enabled && moving, query.refetch);
  return { live, query };
}
