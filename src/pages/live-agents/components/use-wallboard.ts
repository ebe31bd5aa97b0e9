import { useEffect, useRef } from "react";
import {
  AGENT_PRESENCE_EVENT,
  CHAT_MESSAGE_EVENT,
  CONVERSATION_EVENT,
  CSAT_ANSWER_EVENT,
} from "../../../../contract/domain/chats";
import { useCall } from "../../../api";
import { CONNECT_EVENT, subscribeRealtime } from "../../../providers/realtime-events";

/** A burst of pushes (a busy inbox) reads the figures once. */
const REFRESH_DEBOUNCE_MS = 400;

/**
 * The wallboard's figures, read again when the socket says something changed (a message, a conversation's change
 * including an SLA breach, an agent's presence, a survey's answer, a reconnect): no polling.
 */
export function useWallboard() {
  const { query } = useCall("chats.wallboard", {}, { errorNotification: false });
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch.current(), REFRESH_DEBOUNCE_MS);
    };
    const events = [CHAT_MESSAGE_EVENT, CONVERSATION_EVENT, AGENT_PRESENCE_EVENT, CSAT_ANSWER_EVENT, CONNECT_EVENT];
    const stops = events.map((event) => subscribeRealtime(event, soon));
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, []);
  return { board: query.data?.data.data, error: query.error, loading: query.isLoading };
}
