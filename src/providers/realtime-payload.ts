import { MSG } from "../../contract";
import {
  IGNORED_EVENTS,
  IS_TYPING,
  type OutgoingChatEvent,
  type RealtimeChatMessage,
} from "../../contract/domain/chats";

/** Marks a payload the socket must drop (text that is not JSON). */
export const DROPPED = Symbol("dropped");

/**
 * SPEC 4: a payload arrives as JSON text or as an object. Text is parsed once here, before any page sees it; text that
 * does not parse is logged as 'Error parsing data' and dropped. Other values pass through as they are.
 */
export function parseRealtimePayload(payload: unknown): unknown {
  if (typeof payload !== "string") return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    console.error(MSG.socketParseError);
    return DROPPED;
  }
}

/** SPEC 4: 'failedStatus', 'channel' and 'disconnect' are received and ignored (not handed to pages). */
export function isIgnoredEvent(event: string): boolean {
  return event === "disconnect" || (IGNORED_EVENTS as readonly string[]).includes(event);
}

/** The SPEC 3 chat message inside a 'message' payload, or null when it is not one. */
export function chatMessageOf(payload: unknown): RealtimeChatMessage["message"] | null {
  if (typeof payload !== "object" || payload === null) return null;
  const inner = (payload as { message?: unknown }).message;
  const message = (typeof inner === "object" && inner !== null ? inner : payload) as Partial<
    RealtimeChatMessage["message"]
  >;
  return typeof message.chatId === "string" && typeof message.messageId === "string"
    ? (message as RealtimeChatMessage["message"])
    : null;
}

/** SPEC 4: the IS_TYPING event the client emits for every inbound message, built from that message. */
export function typingEventFor(message: RealtimeChatMessage["message"]): OutgoingChatEvent {
  return {
    eventType: IS_TYPING,
    chatId: message.chatId,
    messageId: message.messageId,
    phoneNumber: message.senderPhoneNumber,
    channel: message.channel,
  };
}
