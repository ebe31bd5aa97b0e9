import type { LiveEvent, LiveProvider } from "@refinedev/core";
import { TEMPLATE_STATUS_EVENT } from "../../contract";
import { PROGRESS_EVENT, REPORT_PROGRESS_EVENT } from "../../contract/domain/campaigns";
import { CHAT_MESSAGE_EVENT, CONVERSATION_EVENT } from "../../contract/domain/chats";
import { subscribeRealtime } from "./realtime-events";

/** Which socket events mean a resource's lists are stale. Resources not named here get no subscription. */
export const LIVE_EVENTS: Readonly<Record<string, readonly string[]>> = {
  campaigns: [PROGRESS_EVENT],
  "whatsapp-templates": [TEMPLATE_STATUS_EVENT],
  templates: [TEMPLATE_STATUS_EVENT],
  // A customer's message changes its conversation (last message, unread, reopened) without a conversationUpdate.
  conversations: [CONVERSATION_EVENT, CHAT_MESSAGE_EVENT],
  reports: [REPORT_PROGRESS_EVENT],
};

/**
 * A running campaign pushes progress up to 4 times a second; a list refetches at most once per this interval, the
 * last event of a burst always leading to one (trailing), so a list never stays stale.
 */
export const LIVE_REFRESH_MS = 2000;

interface Subscription {
  stop: () => void;
}

/**
 * Refine's live provider on the tab's one socket (RealtimeProvider): a hook with liveMode "auto" subscribes to
 * `resources/<name>` and Refine refetches it when a mapped event arrives. No second connection is opened.
 */
export const liveProvider: LiveProvider = {
  subscribe: ({ channel, callback }): Subscription => {
    const resource = channel.replace(/^resources\//, "");
    const events = LIVE_EVENTS[resource] ?? [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    let pending: LiveEvent | null = null;
    const fire = () => {
      timer = null;
      last = Date.now();
      if (pending) callback(pending);
      pending = null;
    };
    const stops = events.map((event) =>
      subscribeRealtime(event, (payload) => {
        pending = {
          channel,
          type: "*",
          payload: { ...(typeof payload === "object" && payload !== null ? payload : {}) },
          date: new Date(),
        };
        if (timer) return;
        const wait = Math.max(0, last + LIVE_REFRESH_MS - Date.now());
        if (wait === 0) fire();
        else timer = setTimeout(fire, wait);
      }),
    );
    return {
      stop: () => {
        if (timer) clearTimeout(timer);
        stops.forEach((stop) => stop());
      },
    };
  },
  unsubscribe: (subscription: Subscription) => subscription.stop(),
};
