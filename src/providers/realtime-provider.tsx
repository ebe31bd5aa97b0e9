import { useInvalidate } from "@refinedev/core";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import {
  BALANCE_REQUEST_DECIDED_EVENT,
  REALTIME_RANDOMIZATION,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MS,
  REALTIME_TIMEOUT_MS,
  MSG,
  TEMPLATE_STATUS_EVENT,
  type BalanceRequestRecord,
  type WhatsAppTemplateRecord,
} from "../../contract";
import { callApi } from "../api";
import { toast } from "../components/toast";
import { BALANCE_QUERY_KEY } from "../shell/balance/use-balance";
import { useSession } from "../state/session";
import { decisionNotification, readSeenUpTo, unseenDecisions, writeSeenUpTo } from "./balance-decisions";
import { queryClient } from "./query-client";
import { CHAT_MESSAGE_EVENT, SEND_EVENT_EVENT } from "../../contract/domain/chats";
import { subscribeNotifications } from "./notification-feed";
import { usePresenceReport } from "./presence-report";
import { emitRealtime, registerRealtimeSocket } from "./realtime-connection";
import { CONNECT_EVENT, publishRealtime, subscribeRealtime } from "./realtime-events";
import { chatMessageOf, DROPPED, isIgnoredEvent, parseRealtimePayload, typingEventFor } from "./realtime-payload";
import { announceTemplateStatus } from "./template-status";

/** DESIGN: the real-time host is configuration, defaulting to the server that serves the page. */
function realtimeUrl(): string {
  const configured = import.meta.env.VITE_REALTIME_URL as string | undefined;
  return configured ? configured.replace(/\/+$/, "") : window.location.origin;
}

/**
 * The signed-in tab's socket.io connection (websocket only, token in the query as SPEC 7 has it). socket.io-client
 * is imported lazily, after the first view has rendered, so it never weighs on the first load. It carries the bell's
 * notifications (kept on the server: notification-feed.ts), balance-request outcomes as toasts (pushed live, and
 * caught up on connect for decisions made while the requester was away), template verdicts, campaign progress, and
 * chat messages (SPEC 4's IS_TYPING answer to every inbound message). Reconnection follows SPEC 9 and never gives up.
 */
export function RealtimeProvider() {
  const user = useSession().user;
  const token = user?.token;
  const userId = user?._id;
  const role = user?.type;
  const invalidate = useInvalidate();
  usePresenceReport();

  useEffect(() => {
    if (!token || !userId || !role) return undefined;
    let socket: Socket | null = null;
    let closed = false;

    // A live push is always news (the bell drops a repeat by id); a catch-up announces what came after the watermark.
    const announce = (records: BalanceRequestRecord[], live: boolean) => {
      const seen = readSeenUpTo(userId);
      const found = unseenDecisions(records, live ? (seen ?? 0) : seen);
      const unseen = live ? records : found.unseen;
      writeSeenUpTo(userId, Math.max(found.seenUpTo, seen ?? 0));
      // The bell has them from the server (its own history); this says it at once where the requester is looking.
      for (const record of unseen) {
        const note = decisionNotification(record);
        if (record.status === "approved") toast.success(note.title, note.description);
        else toast.warning(note.title, note.description);
      }
      if (unseen.length === 0) return;
      void invalidate({ resource: "my-balance-requests", invalidates: ["list"] });
      void invalidate({ resource: "ledger", invalidates: ["list"] });
      void queryClient.invalidateQueries({ queryKey: [BALANCE_QUERY_KEY] });
    };

    // Decisions made while no tab of this browser was connected: caught up on each (re)connect.
    const catchUp = () =>
      callApi("balance.myRequests", { query: { page: 1, limit: 10 } }).then(
        (res) => !closed && announce(res.data, false),
        () => undefined,
      );

    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      const live = io(realtimeUrl(), {
        transports: ["websocket"],
        query: { token },
        timeout: REALTIME_TIMEOUT_MS,
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
        reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MAX_MS,
        randomizationFactor: REALTIME_RANDOMIZATION,
      });
      socket = live;
      registerRealtimeSocket(live);
      live.on("connect", () => {
        void catchUp();
        // Pages that hold data (the inbox) catch up on every (re)connect, so nothing sent meanwhile is missed.
        publishRealtime(CONNECT_EVENT, null);
      });
      live.on("connect_error", () => console.error(MSG.socketConnectionError));
      // Every event is parsed once here (JSON text or object, SPEC 4) and handed to pages through realtime-events;
      // the socket stays this provider's alone.
      live.onAny((event: string, raw: unknown) => {
        if (isIgnoredEvent(event)) return;
        const payload = parseRealtimePayload(raw);
        if (payload === DROPPED) return;
        if (event === CHAT_MESSAGE_EVENT) {
          const message = chatMessageOf(payload);
          if (message) emitRealtime(SEND_EVENT_EVENT, typingEventFor(message));
        }
        publishRealtime(event, payload);
      });
    });
    const unsubscribers = [
      subscribeRealtime(BALANCE_REQUEST_DECIDED_EVENT, (record) => announce([record as BalanceRequestRecord], true)),
      subscribeRealtime(TEMPLATE_STATUS_EVENT, (record) => announceTemplateStatus(record as WhatsAppTemplateRecord)),
      subscribeNotifications(userId, role),
    ];
    return () => {
      closed = true;
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      registerRealtimeSocket(null);
      socket?.disconnect();
    };
  }, [token, userId, role, invalidate]);

  return null;
}
