import { useEffect } from "react";
import { AWAY_AFTER_MS, PRESENCE_REPORT_EVENT } from "../../contract/domain/chats";
import { emitRealtime, realtimeConnected, subscribeRealtimeConnection } from "./realtime-connection";

/**
 * Tells the server whether someone is at this console: "away" when the tab is hidden or nobody has touched it for
 * AWAY_AFTER_MS, "online" again on the next activity (and on every reconnect). The server turns it into an agent's
 * presence; for an account owner it is simply ignored.
 */
export function usePresenceReport(): void {
  useEffect(() => {
    let state: "online" | "away" = "online";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = (next: "online" | "away", force = false) => {
      if ((next === state && !force) || !realtimeConnected()) {
        state = next;
        return;
      }
      state = next;
      emitRealtime(PRESENCE_REPORT_EVENT, { state });
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => report("away"), AWAY_AFTER_MS);
    };
    const active = () => {
      if (document.visibilityState === "hidden") return report("away");
      report("online");
      idle();
    };
    const events = ["pointerdown", "keydown", "wheel", "visibilitychange"] as const;
    events.forEach((e) => document.addEventListener(e, active, { passive: true }));
    const stop = subscribeRealtimeConnection(() => {
      if (realtimeConnected()) report(document.visibilityState === "hidden" ? "away" : state, true);
    });
    idle();
    return () => {
      clearTimeout(timer);
      stop();
      events.forEach((e) => document.removeEventListener(e, active));
    };
  }, []);
}
