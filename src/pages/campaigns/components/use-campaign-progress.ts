import { useEffect, useMemo, useReducer } from "react";
import { PROGRESS_EVENT, type ProgressUpdate } from "../../../../contract/domain/campaigns";
import { subscribeRealtime } from "../../../providers/realtime-events";
import { isProgressUpdate, progressReducer, type ProgressById } from "./campaign-progress";

const EMPTY: ProgressById = {};

/**
 * Live 'progressUpdate' pushes of the signed-in account's campaigns, keyed by campaign id (the newest of each).
 * Given ids, only those campaigns are kept (a list page passes its rows, a detail page its one id); without, every
 * campaign that pushes. Pushes go to the owner's sessions only, so an operator's list of others' campaigns hears none.
 */
export function useCampaignProgress(ids?: string[]): Record<string, ProgressUpdate> {
  const [state, dispatch] = useReducer(progressReducer, EMPTY);
  // Keyed by value: a list re-rendering with a new array of the same ids must not resubscribe.
  const key = ids ? [...ids].sort().join(",") : null;
  useEffect(() => {
    const wanted = key === null ? null : new Set(key.split(","));
    return subscribeRealtime(PROGRESS_EVENT, (payload) => {
      if (isProgressUpdate(payload) && (!wanted || wanted.has(payload.campaignId))) dispatch(payload);
    });
  }, [key]);
  return useMemo(() => {
    if (key === null) return state;
    const out: Record<string, ProgressUpdate> = {};
    for (const id of key.split(",")) if (state[id]) out[id] = state[id];
    return out;
  }, [state, key]);
}
