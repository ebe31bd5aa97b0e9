// A campaign that stops running (paused, discarded, failed) must stop sending at once, not when a dispatcher next
// reads its status: each message launched after the pause reaches the provider and costs the owner. So the move is
// told to the dispatchers as it happens: in this process by a direct call, and to every other process on the same
// database with NOTIFY on STOP_CHANNEL (delivered when the move commits). The dispatchers still read statuses now
// and then (dispatch.ts STATUS_MS) in case a notification is lost while their LISTEN connection is down.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";

export const STOP_CHANNEL = "campaign_stopped";

type StopListener = (campaignId: string) => void;
const listeners = new Set<StopListener>();

/**
 * Calls `listener` with the id of every campaign that stops running in this process; the others' stops come by
 * LISTEN on STOP_CHANNEL. Campaign ids are UUIDs, so apps on different databases in one process (tests) may share the
 * listeners: a stop only ever names a campaign of its own database. Answers the unsubscribe.
 */
export function onCampaignStop(listener: StopListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Told by `transition` just before a campaign may leave `running`: this process's dispatchers stop launching its
 * sends before the row is even written, so nothing they launch after the move's time reaches the provider. A move
 * that then does not happen (the campaign was not running, or the transaction rolls back) only cuts a batch short:
 * the next claim reads the status under the campaign's row lock, which waits for the move's transaction to end.
 */
export function stopSendingHere(campaignId: string): void {
  for (const listener of listeners) listener(campaignId);
}

/** Told by `transition` once a campaign left `running`: the other processes hear it when the move commits. */
export async function notifyStop(q: Db | Tx, campaignId: string): Promise<void> {
  await q.execute(sql`select pg_notify(${STOP_CHANNEL}, ${campaignId})`);
}

const echoWaiters = new Map<string, Set<() => void>>();

/**
 * The stop of `campaignId` came back to this process by LISTEN. PostgreSQL hands a notification to every listening
 * session as the transaction commits, so by now the other processes' dispatchers have it too (give or take how busy
 * each one is).
 */
export function stopEchoed(campaignId: string): void {
  const waiters = echoWaiters.get(campaignId);
  echoWaiters.delete(campaignId);
  waiters?.forEach((wake) => wake());
}

/**
 * Waits, at most `ms`, for the stop of `campaignId` to come back by LISTEN (stopEchoed); to be called before the move
 * commits. A pause answers after it, so when the owner sees "paused" every process has been told. Without LISTEN (its
 * connection down) the wait ends after `ms` and the dispatchers' status reads are what stop the others.
 */
export function awaitStopEcho(campaignId: string, ms: number): { heard: Promise<boolean>; cancel(): void } {
  let cancel: () => void = () => undefined;
  const heard = new Promise<boolean>((resolve) => {
    const wake = () => finish(true);
    const timer = setTimeout(() => finish(false), ms);
    function finish(echoed: boolean) {
      clearTimeout(timer);
      echoWaiters.get(campaignId)?.delete(wake);
      if (echoWaiters.get(campaignId)?.size === 0) echoWaiters.delete(campaignId);
      resolve(echoed);
    }
    cancel = () => finish(false);
    echoWaiters.set(campaignId, (echoWaiters.get(campaignId) ?? new Set()).add(wake));
  });
  return { heard, cancel };
}
