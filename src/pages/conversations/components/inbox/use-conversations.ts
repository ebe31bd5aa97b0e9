import { useEffect, useRef } from "react";
import { CHAT_MESSAGE_EVENT, CONVERSATION_EVENT, CONVERSATION_PAGE_SIZE } from "../../../../../contract/domain/chats";
import { CONNECT_EVENT, subscribeRealtime } from "../../../../providers/realtime-events";
import { useCall } from "../../../../api";
import type { ListFilters } from "./conversation-list";

/** A burst of pushes (a busy inbox) refetches the list once. */
const REFRESH_DEBOUNCE_MS = 250;

/**
 * The inbox list for the filters, refreshed when a message or a conversation change is pushed, and after a reconnect.
 */
export function useConversations(filters: ListFilters) {
  const { query } = useCall(
    "chats.list",
    {
      query: {
        page: 1,
        limit: CONVERSATION_PAGE_SIZE,
        scope: filters.scope,
        status: filters.status,
        ...(filters.channel !== "all" ? { channel: filters.channel } : {}),
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.label ? { label: filters.label } : {}),
        ...(filters.agentId ? { agentId: filters.agentId } : {}),
        ...(filters.unread ? { unread: "true" as const } : {}),
        ...(filters.slaBreached ? { slaBreached: "true" as const } : {}),
        ...(filters.waitingMinutes ? { waitingMinutes: filters.waitingMinutes } : {}),
        ...(filters.sort === "slaDue" ? { sort: "slaDue" as const } : {}),
      },
    },
    { errorNotification: false },
  );
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch.current(), REFRESH_DEBOUNCE_MS);
    };
    const stops = [CHAT_MESSAGE_EVENT, CONVERSATION_EVENT, CONNECT_EVENT].map((event) =>
      subscribeRealtime(event, soon),
    );
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, []);
  const data = query.data?.data;
  return {
    items: data?.data ?? [],
    total: data?.total ?? 0,
    unread: data?.unread ?? { whatsapp: 0, sms: 0, rcs: 0 },
    loading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
