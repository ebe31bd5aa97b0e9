import type { Server } from "socket.io";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_STATUS_EVENT,
  CONVERSATION_EVENT,
  CSAT_ANSWER_EVENT,
  type ChatChannel,
  type ChatStatusUpdate,
  type RealtimeChatMessage,
} from "../../../contract/domain/chats";
import type { ChatMessageRow, ConversationOut, ConversationRow } from "./records";
import { conversationRooms } from "./workspace";

// Every chat event goes to the rooms of its conversation only (the owner, and its agent or the whole team when it is
// unassigned): no other tenant, and no other agent, ever receives it.

type Rooms = Pick<ConversationRow, "userId" | "assignedAgentId">;
const roomsOf = (c: Rooms) => conversationRooms(c.userId, c.assignedAgentId);

/** SPEC 3's real-time message payload for one stored message. */
export function realtimeMessage(
  conversation: Pick<ConversationRow, "channel" | "customerNumber" | "businessAddress">,
  message: ChatMessageRow,
): RealtimeChatMessage {
  return {
    message: {
      channel: conversation.channel as ChatChannel,
      chatId: message.conversationId,
      messageId: String(message.id),
      senderPhoneNumber: message.direction === "in" ? conversation.customerNumber : conversation.businessAddress,
      text: message.text,
      sendTime: new Date(message.createdAt).toISOString(),
      direction: message.direction,
      messageType: message.type,
      clientId: message.clientId,
    },
  };
}

export function pushChatMessage(io: Server, conversation: ConversationRow, message: ChatMessageRow): void {
  io.to(roomsOf(conversation)).emit(CHAT_MESSAGE_EVENT, realtimeMessage(conversation, message));
}

/** `before`: the rooms the conversation had before a (re)assignment, so the agent it was taken from hears of it too. */
export function pushConversation(io: Server, conversation: Rooms, record: ConversationOut, before?: Rooms): void {
  const rooms = new Set([...roomsOf(conversation), ...(before ? roomsOf(before) : [])]);
  io.to([...rooms]).emit(CONVERSATION_EVENT, record);
}

export function pushStatus(io: Server, conversation: Rooms, update: ChatStatusUpdate): void {
  io.to(roomsOf(conversation)).emit(CHAT_STATUS_EVENT, update);
}

/** A survey's answer: the message itself (an open thread shows it) and the answer (the wallboard's CSAT today). */
export function pushCsatAnswer(
  io: Server,
  a: { conversation: ConversationRow; message: ChatMessageRow; score: number },
): void {
  pushChatMessage(io, a.conversation, a.message);
  io.to(roomsOf(a.conversation)).emit(CSAT_ANSWER_EVENT, {
    chatId: a.conversation.id,
    score: a.score,
    at: new Date(a.message.createdAt).toISOString(),
  });
}
