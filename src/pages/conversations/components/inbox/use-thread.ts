import { useCallback, useEffect, useRef, useState } from "react";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_STATUS_EVENT,
  SEND_MESSAGE_EVENT,
  TYPING_EVENT,
  type ChatStatusUpdate,
  type OutgoingChatMessage,
  type TypingStatus,
} from "../../../../../contract/domain/chats";
import { emitWithAck } from "../../../../providers/realtime-connection";
import { CONNECT_EVENT, subscribeRealtime } from "../../../../providers/realtime-events";
import { chatMessageOf } from "../../../../providers/realtime-payload";
import { useChatCall } from "./calls";
import {
  applyStatus,
  emptyThread,
  fromRealtime,
  newestId,
  prependPage,
  upsertMessage,
  type ChatMessage,
  type Conversation,
  type ThreadState,
} from "./thread-state";

const FILE_TYPES = new Set<string>(["image", "video", "audio", "document", "sticker"]);

/** How long a typing indicator shows after the last typing event. */
const TYPING_SHOWN_MS = 4000;

type SendAck = { success: true; data: ChatMessage } | { success: false; message: string };
export type Draft = Omit<OutgoingChatMessage, "phoneNumber" | "chatId" | "channel" | "clientId"> & {
  text?: string;
  templateId?: string;
  params?: string[];
  /** A file attached in the composer (chats.attach), sent as the message's image, video, audio or document. */
  attachmentId?: string;
  fileName?: string;
};

/**
 * One open conversation: its latest page, older pages on demand, pushed messages and ticks, the catch-up after a
 * reconnect (chats.messages after the newest id held), and sending over the socket with a clientId so a retry after a
 * reconnect is never a second message.
 */
export function useThread(conversation: Conversation | null) {
  const call = useChatCall();
  const [state, setState] = useState<ThreadState>(emptyThread);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const id = conversation?._id ?? null;

  useEffect(() => {
    setState(emptyThread);
    setTyping(null);
    if (!id) return undefined;
    let live = true;
    setLoading(true);
    setError(null);
    call("chats.messages", { params: { id }, query: { limit: 50 } })
      .then((page) => live && setState(prependPage(emptyThread, page.data, page.hasMore)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    void call("chats.read", { params: { id }, method: "post" }).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, call]);

  useEffect(() => {
    if (!id) return undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stops = [
      subscribeRealtime(CHAT_MESSAGE_EVENT, (payload) => {
        const message = chatMessageOf(payload);
        if (!message || message.chatId !== id) return;
        // The socket's message carries no file: a file's message (a received one is pushed again once its file is
        // fetched) is read back whole.
        if (FILE_TYPES.has(message.messageType))
          void call("chats.messages", {
            params: { id },
            query: { after: String(Number(message.messageId) - 1), limit: 1 },
          })
            .then((page) => setState((s) => page.data.reduce(upsertMessage, s)))
            .catch(() => undefined);
        else setState((s) => upsertMessage(s, fromRealtime(message)));
        if (message.direction === "in") {
          setTyping(null);
          void call("chats.read", { params: { id }, method: "post" }).catch(() => undefined);
        }
      }),
      subscribeRealtime(CHAT_STATUS_EVENT, (payload) => {
        const update = payload as ChatStatusUpdate;
        if (update.chatId === id) setState((s) => applyStatus(s, update.messageId, update.status, update.error));
      }),
      subscribeRealtime(TYPING_EVENT, (payload) => {
        const status = payload as TypingStatus;
        if (status.chatId !== id) return;
        setTyping(status.isTyping ? status.from : null);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
      }),
      // After a reconnect: whatever came while the socket was down, so nothing is missed.
      subscribeRealtime(CONNECT_EVENT, () => {
        const after = newestId(stateRef.current.messages);
        if (!after) return;
        void call("chats.messages", { params: { id }, query: { after: String(after), limit: 200 } })
          .then((page) => setState((s) => page.data.reduce(upsertMessage, s)))
          .catch(() => undefined);
      }),
    ];
    return () => {
      clearTimeout(typingTimer);
      stops.forEach((stop) => stop());
    };
  }, [id, call]);

  const loadOlder = useCallback(async () => {
    const s = stateRef.current;
    const oldest = s.messages.find((m) => !m._id.startsWith("local:"));
    if (!id || !s.hasOlder || !oldest) return;
    const page = await call("chats.messages", { params: { id }, query: { before: oldest._id, limit: 50 } });
    setState((cur) => prependPage(cur, page.data, page.hasMore));
  }, [id, call]);

  /** Sends (or resends, with the same clientId) over the socket; the optimistic row turns into the stored one. */
  const send = useCallback(
    async (draft: Draft, clientId: string = crypto.randomUUID()) => {
      if (!conversation) return;
      const local: ChatMessage = {
        _id: `local:${clientId}`,
        chatId: conversation._id,
        direction: "out",
        messageType: draft.messageType,
        text: draft.text ?? "",
        mediaUrl: null,
        mimeType: null,
        fileName: draft.fileName ?? null,
        attachmentId: draft.attachmentId ?? null,
        fileSize: null,
        latitude: null,
        longitude: null,
        templateName: null,
        clientId,
        authorName: "",
        agentId: null,
        status: "pending",
        error: null,
        campaignId: null,
        createdAt: new Date().toISOString(),
      };
      setState((s) => upsertMessage(s, local));
      const payload: OutgoingChatMessage & { text?: string; templateId?: string; params?: string[] } = {
        phoneNumber: conversation.customerNumber,
        chatId: conversation._id,
        channel: conversation.channel,
        clientId,
        ...draft,
      };
      try {
        const ack = await emitWithAck<SendAck>(SEND_MESSAGE_EVENT, payload);
        if (ack.success) setState((s) => upsertMessage(s, ack.data));
        else setState((s) => upsertMessage(s, { ...local, status: "failed", error: ack.message }));
        return ack.success ? null : ack.message;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        setState((s) => upsertMessage(s, { ...local, status: "failed", error: message }));
        return message;
      }
    },
    [conversation],
  );

  const addNote = useCallback(
    async (text: string) => {
      if (!id) return;
      const res = await call("chats.note", {
        params: { id },
        method: "post",
        body: { clientId: crypto.randomUUID(), text },
      });
      setState((s) => upsertMessage(s, res.data));
    },
    [id, call],
  );

  return { ...state, loading, error, typing, loadOlder, send, addNote };
}
