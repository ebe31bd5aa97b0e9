import { PROGRESS_EVENT, type ProgressUpdate } from "../../contract/domain/campaigns";
import { publishRealtime, subscribeRealtime } from "./realtime-events";

/**
 * The 'progressUpdate' pushes of the tab's one socket, typed: a thin view over realtime-events. Returns the
 * unsubscribe.
 */
export function subscribeProgress(listener: (update: ProgressUpdate) => void): () => void {
  return subscribeRealtime(PROGRESS_EVENT, (payload) => listener(payload as ProgressUpdate));
}

/** What the socket does for each push (tests call it to stand in for the server). */
export function publishProgress(update: ProgressUpdate): void {
  publishRealtime(PROGRESS_EVENT, update);
}
