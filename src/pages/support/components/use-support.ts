import type { HttpError } from "@refinedev/core";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { MSG, PAGE_DEFAULTS } from "../../../../contract";
import { NOTIFICATION_EVENT } from "../../../../contract/domain/notifications";
import type { SupportStatus } from "../../../../contract/domain/support";
import { useCall, useCallMutation } from "../../../api";
import { subscribeRealtime } from "../../../providers/realtime-events";

/** Calls `refresh` whenever the bell hears of a ticket (the other side wrote, closed or reopened one). */
function useSupportPushes(refresh: () => void) {
  useEffect(
    () =>
      subscribeRealtime(NOTIFICATION_EVENT, (payload) => {
        if ((payload as { kind?: string }).kind === "support") refresh();
      }),
    [refresh],
  );
}

const errorNotification = (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || MSG.somethingWrong,
});

/**
 * The tickets page's data: a page of tickets with a status filter, and the one open in the thread drawer. The open
 * ticket lives in the URL (`?ticket=<id>`), so the dialog's "View my tickets" and the bell's links open it.
 */
export function useSupportTickets() {
  const [page, setPage] = useState(1);
  const [status, setStatusState] = useState<SupportStatus | undefined>(undefined);
  const [params, setParams] = useSearchParams();
  const ticketId = params.get("ticket");
  const { query } = useCall(
    "support.list",
    { query: { page, limit: PAGE_DEFAULTS.limit, ...(status ? { status } : {}) } },
    { errorNotification: false },
  );
  const { refetch } = query;
  useSupportPushes(useCallback(() => void refetch(), [refetch]));
  return {
    rows: query.data?.data.data ?? [],
    total: query.data?.data.total ?? 0,
    page,
    setPage,
    status,
    setStatus: (next: SupportStatus | undefined) => {
      setStatusState(next);
      setPage(1);
    },
    loading: query.isFetching,
    isError: query.isError,
    error: query.error?.message,
    refetch: () => void query.refetch(),
    ticketId,
    open: (id: string) => setParams({ ticket: id }),
    closeDrawer: () => setParams({}),
  };
}

/** One ticket with its thread, and the calls that answer, close and reopen it (each refreshes the list too). */
export function useSupportThread(id: string | null, onChanged: () => void) {
  const { query } = useCall(
    "support.get",
    { params: { id: id ?? "" } },
    {
      queryOptions: { enabled: Boolean(id) },
      errorNotification: false,
    },
  );
  const { refetch } = query;
  useSupportPushes(useCallback(() => void (id ? refetch() : undefined), [id, refetch]));
  const replyCall = useCallMutation("support.reply");
  const closeCall = useCallMutation("support.close");
  const reopenCall = useCallMutation("support.reopen");
  const after = async () => {
    await query.refetch();
    onChanged();
  };
  return {
    ticket: query.data?.data.data ?? null,
    loading: query.isLoading,
    isError: query.isError,
    error: query.error?.message,
    busy: replyCall.isPending || closeCall.isPending || reopenCall.isPending,
    reply: async (body: string) => {
      if (!id) return;
      await replyCall.mutateAsync({ params: { id }, body: { body }, successNotification: false, errorNotification });
      await after();
    },
    setClosed: async (closed: boolean) => {
      if (!id) return;
      const call = closed ? closeCall : reopenCall;
      await call.mutateAsync({
        params: { id },
        successNotification: () => ({ type: "success", message: closed ? "Ticket closed" : "Ticket reopened" }),
        errorNotification,
      });
      await after();
    },
  };
}
