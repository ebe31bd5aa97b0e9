import Ajv from "ajv";
import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io";
import { MSG } from "../../contract/messages";
import {
  IS_TYPING,
  SEND_EVENT_EVENT,
  SEND_MESSAGE_EVENT,
  TYPING_EVENT,
  type OutgoingChatEvent,
  type TypingStatus,
} from "../../contract/domain/chats";
import { SCHEMAS } from "../../schemas";
import type { Caller } from "../auth/caller";
import { HttpError } from "../http/errors";
import { findConversation } from "../services/chats/conversations";
import { sendChatMessage, type ChatSendInput } from "../services/chats/send";
import {
  agentRoom,
  chatWorkspace,
  conversationRooms,
  ownerRoom,
  teamRoom,
  type ChatWorkspace,
} from "../services/chats/workspace";

type ChatSocket = Socket<
  Record<string, (...args: unknown[]) => void>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  { caller?: Caller; chat?: ChatWorkspace }
>;
type Ack = (reply: unknown) => void;

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
// SPEC 3's outgoing message: the body of chats.send plus where it goes (the conversation is chatId).
const validateMessage = ajv.compile<ChatSendInput & { chatId: string }>({
  ...SCHEMAS["chat-send"],
  required: [...SCHEMAS["chat-send"].required, "chatId"],
  properties: {
    ...SCHEMAS["chat-send"].properties,
    chatId: { type: "string", minLength: 1, maxLength: 64 },
    phoneNumber: { type: "string", maxLength: 100 },
    channel: { type: "string", enum: ["whatsapp", "sms", "rcs"] },
    messageObject: { type: "object" },
  },
});
const validateEvent = ajv.compile<OutgoingChatEvent>({
  type: "object",
  required: ["eventType", "chatId"],
  properties: {
    eventType: { type: "string", maxLength: 40 },
    chatId: { type: "string", maxLength: 64 },
    messageId: { type: "string" },
    phoneNumber: { type: "string" },
    channel: { type: "string" },
  },
});

/** SPEC 4: a payload may come as JSON text or as an object. */
function parse(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** SPEC 3 puts a text message's words in `text` and the rest in messageObject; both shapes are read. */
function sendInputOf(
  payload: ChatSendInput & { chatId: string; messageObject?: Record<string, unknown> },
): ChatSendInput {
  const {
    chatId: _chat,
    messageObject,
    ...rest
  } = payload as ChatSendInput & {
    chatId: string;
    messageObject?: Record<string, unknown>;
    phoneNumber?: string;
    channel?: string;
  };
  const {
    phoneNumber: _phone,
    channel: _channel,
    ...input
  } = rest as ChatSendInput & { phoneNumber?: string; channel?: string };
  const objectText =
    messageObject && typeof (messageObject as { text?: { body?: unknown } }).text?.body === "string"
      ? (messageObject as { text: { body: string } }).text.body
      : undefined;
  return { ...input, ...(input.text === undefined && objectText !== undefined ? { text: objectText } : {}) };
}

/**
 * The chat side of the socket: each socket joins its inbox's rooms (an owner its own, an agent its team's and its
 * own), sends SPEC 3's 'message' through the one send service (acknowledged with the stored message) and relays
 * IS_TYPING to the conversation's other members. Nothing crosses tenants: a conversation outside the socket's
 * workspace answers like a missing one.
 */
export function attachChatSocket(app: FastifyInstance): void {
  const { db } = app.database;
  app.io.use((socket, next) => {
    const chatSocket = socket as unknown as ChatSocket;
    const caller = chatSocket.data.caller;
    if (!caller) return next();
    chatWorkspace(db, caller)
      .then((ws) => {
        chatSocket.data.chat = ws;
        void socket.join(ws.agentId ? [teamRoom(ws.ownerId), agentRoom(ws.agentId)] : [ownerRoom(ws.ownerId)]);
        next();
      })
      .catch(() => next(new Error(MSG.somethingWrong)));
  });
  app.io.on("connection", (raw) => {
    const socket = raw as unknown as ChatSocket;
    socket.on(SEND_MESSAGE_EVENT, (payload: unknown, ack?: unknown) => {
      const reply: Ack = typeof ack === "function" ? (ack as Ack) : () => undefined;
      const { caller, chat } = socket.data;
      const body = parse(payload);
      if (!caller || !chat) return reply({ success: false, message: MSG.notAuthenticated });
      if (!validateMessage(body)) {
        const first = validateMessage.errors?.[0];
        return reply({
          success: false,
          message: `Invalid message${first ? `: ${first.instancePath || "body"} ${first.message ?? ""}` : ""}`.trim(),
        });
      }
      sendChatMessage(
        { db, carrier: app.carrier, storage: app.storage, io: app.io, log: app.log },
        caller,
        body.chatId,
        sendInputOf(body),
        chat,
      )
        .then((data) => reply({ success: true, data }))
        .catch((err: unknown) =>
          reply({ success: false, message: err instanceof HttpError ? err.message : MSG.somethingWrong }),
        );
    });
    socket.on(SEND_EVENT_EVENT, (payload: unknown) => {
      const { chat, caller } = socket.data;
      const event = parse(payload);
      // SPEC 4's IS_TYPING answer to an inbound message carries that message's id: it says the console saw it (a real
      // WhatsApp adapter may show the customer a typing indicator) and is not relayed. The composer's own IS_TYPING,
      // with no message id, tells the conversation's other members that someone is writing.
      if (!chat || !caller || !validateEvent(event) || event.eventType !== IS_TYPING || event.messageId) return;
      findConversation(db, chat, event.chatId)
        .then((conversation) => {
          const status: TypingStatus = { chatId: conversation.id, from: chat.authorName, isTyping: true };
          socket.to(conversationRooms(conversation.userId, conversation.assignedAgentId)).emit(TYPING_EVENT, status);
        })
        .catch(() => undefined);
    });
  });
}
