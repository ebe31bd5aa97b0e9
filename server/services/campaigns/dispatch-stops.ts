// The dispatcher's side of stop-signal.ts: each campaign's round (failovers, claim, sends) runs under an AbortSignal
// that a stop of that campaign aborts, whether the stop was made in this process (a direct call) or in another one
// (NOTIFY on STOP_CHANNEL). The signal is made before the round's claim: a stop that lands after the claim read
// `running` aborts it, and one that landed before is what the claim reads.
import { setMaxListeners } from "node:events";
import type { Database } from "../../db/client";
import { onCampaignStop, STOP_CHANNEL, stopEchoed } from "./stop-signal";

export interface RoundStops {
  /** The signal of `campaignId`'s next round; aborted when the campaign stops running. */
  begin(campaignId: string): AbortSignal;
  /** The round under `signal` ended. */
  end(campaignId: string, signal: AbortSignal): void;
  close(): Promise<void>;
}

export function watchRoundStops(
  listen: Database["listen"] | undefined,
  onListenError: (err: unknown) => void,
): RoundStops {
  const rounds = new Map<string, AbortController>();
  const stop = (campaignId: string) => rounds.get(campaignId)?.abort();
  const unsubscribe = onCampaignStop(stop);
  // Until LISTEN is up (and while its connection is down) the dispatcher's status reads are what stop other
  // processes' pauses; they are only slower.
  const heard = (campaignId: string) => {
    stop(campaignId);
    stopEchoed(campaignId);
  };
  const unlisten = listen?.(STOP_CHANNEL, { message: heard, lost: () => undefined, ready: () => undefined }).catch(
    (err: unknown) => {
      onListenError(err);
      return undefined;
    },
  );
  return {
    begin(campaignId) {
      const controller = new AbortController();
      // Every send of the round waiting for the pacer listens to it (up to DISPATCH_CONCURRENCY at once).
      setMaxListeners(0, controller.signal);
      rounds.set(campaignId, controller);
      return controller.signal;
    },
    end(campaignId, signal) {
      if (rounds.get(campaignId)?.signal === signal) rounds.delete(campaignId);
    },
    async close() {
      unsubscribe();
      await (
        await unlisten
      )?.();
    },
  };
}

/** Resolves when `signal` aborts (never, if it does not): for a race against work that is not itself abortable. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
