import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { useCall } from "../../../api";

type ListReply = CallReply<"ums.requests">;
export type UmsRequest = ListReply["data"][number];
export type UmsRequestDetail = CallReply<"ums.request">["data"];
export type PublicMessage = CallReply<"ums.requestMessages">["data"][number];

export interface LogFilters {
  status?: string;
  apiKeyId?: string;
  from?: string;
  to?: string;
}

const PAGE_SIZE = 20;
/** The log is written a moment after each answer: while open, the page looks again every few seconds. */
const REFRESH_MS = 5000;

/** The request log: a page of requests with the filters (time, status, key), refreshed while it is shown. */
export function useRequestLog(filters: LogFilters, live: boolean) {
  const [page, setPage] = useState(1);
  const query = Object.fromEntries(
    Object.entries({ page, limit: PAGE_SIZE, ...filters }).filter(([, v]) => v !== undefined && v !== ""),
  );
  const list = useCall(
    "ums.requests",
    { query },
    { errorNotification: false, queryOptions: { refetchInterval: live ? REFRESH_MS : false } },
  );
  const failed = Boolean(list.query.error);
  return {
    rows: failed ? [] : (list.query.data?.data.data ?? []),
    total: list.query.data?.data.count ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    loading: list.query.isLoading,
    refreshing: list.query.isFetching,
    error: failed ? MSG.fetchUmsRequests : null,
    refetch: () => void list.query.refetch(),
  };
}

/** One request's details and the messages it created (SPEC 9: page 1, limit 10), the messages' states kept fresh. */
export function useRequestDetail(id: string | null) {
  const [page, setPage] = useState(1);
  const detail = useCall(
    "ums.request",
    { params: { id: id ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(id) } },
  );
  const messages = useCall(
    "ums.requestMessages",
    { params: { id: id ?? "" }, query: { page, limit: 10 } },
    { errorNotification: false, queryOptions: { enabled: Boolean(id), refetchInterval: id ? 3000 : false } },
  );
  return {
    detail: detail.query.data?.data.data ?? null,
    loading: detail.query.isLoading,
    error: detail.query.error ? MSG.fetchUmsRequests : null,
    messages: messages.query.data?.data.data ?? [],
    messageCount: messages.query.data?.data.count ?? 0,
    page,
    setPage,
    messagesLoading: messages.query.isLoading,
  };
}
