import type { Socket } from "socket.io";
import type { Caller } from "../auth/caller";
import type { SessionEvent } from "../services/accounts/sessions";

// When a socket's session ends: at the token's expiry, on a revocation event, or while its handshake is checked.

/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A socket outlives no session: when its token expires (the session's end, SESSION_TTL_S) it is disconnected, as
 * the next HTTP call would be refused; the console then signs in again and reconnects with the new token.
 */
export function closeAtExpiry(socket: Socket, expiresAtMs: number): void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = expiresAtMs - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.once("disconnect", () => clearTimeout(timer));
}

export function endedBy(event: SessionEvent, caller: Caller): boolean {
  if (event.kind === "sessions") return event.ids.includes(caller.sessionId);
  return event.revoked && (caller.id === event.userId || caller.impersonatedBy === event.userId);
}

export type HubSocket = Socket<never, never, never, { caller?: Caller; since?: number }>;

const ENDED_KEPT = 1000;

/**
 * The latest session events, numbered. A handshake notes the number before it checks the token and looks again
 * afterwards: a session that ended while it was being checked (its lookup may have read it still active) is
 * refused, though no connected socket stood for it when the event went by. A handshake that saw more events than
 * are kept is refused too (it may have missed its own).
 */
export function endedLog() {
  const events: SessionEvent[] = [];
  let count = 0;
  return {
    now: () => count,
    add(event: SessionEvent) {
      events.push(event);
      count++;
      if (events.length > ENDED_KEPT) events.shift();
    },
    endedSince(since: number, caller: Caller): boolean {
      const missed = count - since;
      if (missed > events.length) return true;
      return events.slice(events.length - missed).some((event) => endedBy(event, caller));
    },
  };
}
