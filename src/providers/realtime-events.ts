/**
 * The signed-in tab's socket events, handed to whoever listens: the socket lives in RealtimeProvider (one per tab),
 * pages subscribe here by event name, so a page never opens a second connection and a reconnect keeps its listeners.
 */
/** Published locally on every socket (re)connect: pages holding data catch up with the server then. */
export const CONNECT_EVENT = "connect";

type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();

/** Listen to one socket event; returns the unsubscribe (an effect's cleanup). */
export function subscribeRealtime(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** Called by the socket for every event it receives. */
export function publishRealtime(event: string, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}
