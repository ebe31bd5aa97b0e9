import type { CallReply } from "../../../../../contract";
import type { ChatDeliveryState, RealtimeChatMessage } from "../../../../../contract/domain/chats";

export type ChatMessage = CallReply<"chats.messages">["data"][number];
export type Conversation = CallReply<"chats.list">["data"][number];

/** Virtuoso's index of the first item: starts high and goes down as older pages are prepended (no jump). */
export const FIRST_INDEX_START = 1_000_000;

export interface ThreadState {
  messages: ChatMessage[];
  firstItemIndex: number;
  hasOlder: boolean;
}

export const emptyThread: ThreadState = { messages: [], firstItemIndex: FIRST_INDEX_START, hasOlder: false };

const TICK_ORDER: ChatDeliveryState[] = ["pending", "sent", "delivered", "read"];

/** One message in, in id order: a stored one replaces its optimistic twin (same clientId) or an older copy. */
export function upsertMessage(state: ThreadState, message: ChatMessage): ThreadState {
  const same = (m: ChatMessage) =>
    m._id === message._id || (message.clientId !== null && m.clientId === message.clientId);
  const existing = state.messages.find(same);
  const merged = existing ? { ...existing, ...message, status: laterStatus(existing.status, message.status) } : message;
  const rest = state.messages.filter((m) => !same(m));
  const pending = rest.filter((m) => m._id.startsWith("local:"));
  const stored = [
    ...rest.filter((m) => !m._id.startsWith("local:")),
    ...(merged._id.startsWith("local:") ? [] : [merged]),
  ].sort((a, b) => Number(a._id) - Number(b._id));
  // Optimistic messages stay at the bottom until the server has them.
  return { ...state, messages: [...stored, ...pending, ...(merged._id.startsWith("local:") ? [merged] : [])] };
}

/** An older page, prepended; the first item index moves down by as many as were really new. */
export function prependPage(state: ThreadState, page: readonly ChatMessage[], hasOlder: boolean): ThreadState {
  const known = new Set(state.messages.map((m) => m._id));
  const fresh = page.filter((m) => !known.has(m._id));
  return { messages: [...fresh, ...state.messages], firstItemIndex: state.firstItemIndex - fresh.length, hasOlder };
}

/** Ticks never go back: a late "delivered" after "read" changes nothing; failed replaces pending and sent only. */
export function laterStatus(a: ChatDeliveryState | null, b: ChatDeliveryState | null): ChatDeliveryState | null {
  if (!a) return b;
  if (!b) return a;
  if (b === "failed") return a === "pending" || a === "sent" ? "failed" : a;
  if (a === "failed") return b === "pending" ? a : b;
  return TICK_ORDER.indexOf(b) > TICK_ORDER.indexOf(a) ? b : a;
}

export function applyStatus(
  state: ThreadState,
  messageId: string,
  status: ChatDeliveryState,
  error: string | null,
): ThreadState {
  return {
    ...state,
    messages: state.messages.map((m) =>
      m._id === messageId
        ? { ...m, status: laterStatus(m.status, status), error: status === "failed" ? error : m.error }
        : m,
    ),
  };
}

/**
 * A pushed SPEC 3 message as a thread row (the socket does not carry media or author: a refetch fills them if needed).
 */
export function fromRealtime(payload: RealtimeChatMessage["message"]): ChatMessage {
  return {
    _id: payload.messageId,
    chatId: payload.chatId,
    direction: payload.direction,
    messageType: payload.messageType,
    text: payload.text,
    mediaUrl: null,
    mimeType: null,
    fileName: null,
    attachmentId: null,
    fileSize: null,
    latitude: null,
    longitude: null,
    templateName: null,
    clientId: payload.clientId,
    authorName: "",
    agentId: null,
    status: payload.direction === "out" ? "pending" : null,
    error: null,
    campaignId: null,
    createdAt: payload.sendTime,
  };
}

/** "23 h 10 min left" for WhatsApp's window. */
export function windowLabel(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

/** The newest stored id the thread holds (the catch-up starts after it). */
export function newestId(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => (m._id.startsWith("local:") ? max : Math.max(max, Number(m._id))), 0);
}
