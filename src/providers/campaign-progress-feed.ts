import type { ProgressUpdate } from "../../contract/domain/campaigns";

type Listener = (update: ProgressUpdate) => void;
const listeners = new Set<Listener>();

/**
 * The 'progressUpdate' pushes of the tab's one socket (realtime-provider.tsx publishes them here), so any page can
 * listen without opening a socket of its own. Returns the unsubscribe.
 */
export function subscribeProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishProgress(update: ProgressUpdate): void {
  for (const listener of [...listeners]) listener(update);
}
