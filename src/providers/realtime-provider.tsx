import { useInvalidate } from "@refinedev/core";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import {
  BALANCE_REQUEST_DECIDED_EVENT,
  REALTIME_RANDOMIZATION,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MS,
  REALTIME_TIMEOUT_MS,
  type BalanceRequestRecord,
} from "../../contract";
import { toast } from "../components/toast";
import { BALANCE_QUERY_KEY } from "../shell/balance/use-balance";
import { formatINR } from "../shell/format";
import { notificationsStore } from "../shell/notifications/store";
import { useSession } from "../state/session";
import { queryClient } from "./query-client";

/** DESIGN: the real-time host is configuration, defaulting to the server that serves the page. */
function realtimeUrl(): string {
  const configured = import.meta.env.VITE_REALTIME_URL as string | undefined;
  return configured ? configured.replace(/\/+$/, "") : window.location.origin;
}

/** The bell's entry for a decided request; the id keeps a repeated push from showing twice. */
export function decisionNotification(r: BalanceRequestRecord) {
  const approved = r.status === "approved";
  return {
    id: `balance-request-${r._id}-${r.status}`,
    title: approved ? "Balance request approved" : "Balance request rejected",
    description: approved
      ? `${formatINR(r.amount)} was added to your balance by ${r.decidedBy ?? "your account manager"}.`
      : `Your request for ${formatINR(r.amount)} was rejected by ${r.decidedBy ?? "your account manager"}: ${r.reason}`,
    time: r.decidedAt ? Date.parse(r.decidedAt) : Date.now(),
  };
}

/**
 * The signed-in tab's socket.io connection (websocket only, token in the query as SPEC 7 has it). socket.io-client
 * is imported lazily, after the first view has rendered, so it never weighs on the first load. Today it carries
 * balance-request outcomes to the notification bell; campaign progress and chat join it here later.
 */
export function RealtimeProvider() {
  const token = useSession().user?.token;
  const invalidate = useInvalidate();

  useEffect(() => {
    if (!token) return undefined;
    let socket: Socket | null = null;
    let closed = false;
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      socket = io(realtimeUrl(), {
        transports: ["websocket"],
        query: { token },
        timeout: REALTIME_TIMEOUT_MS,
        reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
        reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MAX_MS,
        randomizationFactor: REALTIME_RANDOMIZATION,
      });
      socket.on(BALANCE_REQUEST_DECIDED_EVENT, (record: BalanceRequestRecord) => {
        const note = decisionNotification(record);
        notificationsStore.push(note);
        if (record.status === "approved") toast.success(note.title, note.description);
        else toast.warning(note.title, note.description);
        void invalidate({ resource: "my-balance-requests", invalidates: ["list"] });
        void invalidate({ resource: "ledger", invalidates: ["list"] });
        void queryClient.invalidateQueries({ queryKey: [BALANCE_QUERY_KEY] });
      });
    });
    return () => {
      closed = true;
      socket?.disconnect();
    };
  }, [token, invalidate]);

  return null;
}
