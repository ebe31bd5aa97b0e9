import { useRef } from "react";
import { IS_TYPING, SEND_EVENT_EVENT } from "../../../../../contract/domain/chats";
import { emitRealtime } from "../../../../providers/realtime-connection";
import type { Conversation } from "./thread-state";

const TYPING_EVERY_MS = 3000;

/** The team sees "… is typing" while someone writes a reply: at most one event every few seconds. */
export function useTypingSignal(conversation: Conversation, active: boolean) {
  const last = useRef(0);
  return () => {
    if (!active || Date.now() - last.current < TYPING_EVERY_MS) return;
    last.current = Date.now();
    emitRealtime(SEND_EVENT_EVENT, {
      eventType: IS_TYPING,
      chatId: conversation._id,
      messageId: "",
      phoneNumber: conversation.customerNumber,
      channel: conversation.channel,
    });
  };
}
