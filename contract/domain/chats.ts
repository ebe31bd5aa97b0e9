// Conversations (the live chat inbox), live agents and the real-time events they travel on (SPEC 3, 4, 7).
// One place for the states, limits and event names both ends use.

import type { CampaignChannel } from "../constants";

export type ChatChannel = CampaignChannel;

/**
 * A conversation is one customer number talking to one business address (WABA phone number, SMS reply number, RCS bot).
 */
export const CONVERSATION_STATUSES = ["open", "resolved"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The inbox's filters: whose conversations (an agent's "mine" is what is assigned to them). */
export const CONVERSATION_SCOPES = ["mine", "unassigned", "all"] as const;
export type ConversationScope = (typeof CONVERSATION_SCOPES)[number];

/**
 * `in` from the customer, `out` from the business (an agent or the owner), `note` internal (never sent, agents only).
 */
export const CHAT_DIRECTIONS = ["in", "out", "note"] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

/** SPEC 3's messageType values the inbox sends and shows (video, audio and sticker: attachments, issue 40). */
export const CHAT_MESSAGE_TYPES = [
  "text",
  "image",
  "document",
  "location",
  "template",
  "video",
  "audio",
  "sticker",
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/**
 * Delivery ticks of an outgoing message, in order: `pending` is written (the server has it) but not yet accepted by
 * the carrier. A receipt never moves a message backwards (a late `delivered` after `read` is ignored); `failed` wins
 * over `pending` and `sent` only.
 */
export const CHAT_DELIVERY_STATES = ["pending", "sent", "delivered", "read", "failed"] as const;
export type ChatDeliveryState = (typeof CHAT_DELIVERY_STATES)[number];

/** WhatsApp's customer-service window: free-form messages only within 24 h of the customer's last message. */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * India DLT (TRAI's TCCCPR 2018): an SMS channel that sends under a principal entity id has every message scrubbed
 * against the registered templates, so only an SMS template (its DLT template id goes with it) may be sent there. The
 * server's refusal of anything else, and the composer's explanation before anyone types.
 */
export const DLT_TEMPLATES_ONLY =
  "This number's SMS go out on an Indian DLT route, where every message must be a registered DLT template: free text cannot be sent. Send an SMS template instead.";

/** Text of one chat message, in characters (WhatsApp's text body limit). */
export const CHAT_TEXT_MAX = 4096;
/** Messages per page of a conversation (older ones load on scroll-up). */
export const CHAT_PAGE_SIZE = 50;
/** Conversations per page of the inbox list. */
export const CONVERSATION_PAGE_SIZE = 30;
/**
 * The inbox list counts its conversations up to this many (reading at most these, however big the inbox): past it,
 * `total` is this cap and `totalExact` false. A search answers a lower bound from its page instead of a count.
 */
export const CONVERSATION_COUNT_CAP = 1000;
/**
 * Unread per channel is summed over at most this many unread conversations of the channel, so at this point it is
 * already at least 100: the tabs' badges show "99+" past 99.
 */
export const CONVERSATION_UNREAD_CAP = 100;

/**
 * A tab holds the latest 100 notifications; older ones drop off its panel (the sheet pages through them on the server).
 */
export const NOTIFICATIONS_MAX = 100;

/** Live agents: an invitation link works for 7 days. */
export const AGENT_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const AGENT_STATUSES = ["invited", "active"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
/** Presence from connected sockets: `away` is a connected agent whose console has been idle or hidden. */
export const PRESENCE_STATES = ["online", "away", "offline"] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];
/** A console with no input for this long reports itself away. */
export const AWAY_AFTER_MS = 5 * 60 * 1000;

/** SPEC 8: agent metrics period, default day. */
export const AGENT_METRIC_PERIODS = ["day", "week", "month"] as const;
export type AgentMetricPeriod = (typeof AGENT_METRIC_PERIODS)[number];

// ---- Socket events (SPEC 4 and 7) ----

/** Server → client: an inbound chat message, and an agent's outgoing one echoed to the account's other sockets. */
export const CHAT_MESSAGE_EVENT = "message";
/** Server → client: someone is typing in a conversation (the customer, or another agent of the account). */
export const TYPING_EVENT = "typingStatus";
/** Server → client, received and ignored by SPEC's client (kept for compatibility). */
export const IGNORED_EVENTS = ["failedStatus", "channel"] as const;
/** Server → client (ours): an outgoing message's delivery state changed (ticks). */
export const CHAT_STATUS_EVENT = "chatMessageStatus";
/** Server → client (ours): a conversation changed (assigned, resolved, reopened, read, new). */
export const CONVERSATION_EVENT = "conversationUpdate";
/** Server → client (ours): a customer answered a satisfaction survey (the wallboard's CSAT today reads again). */
export const CSAT_ANSWER_EVENT = "csatAnswer";
/** Server → client (ours): an agent went online, away or offline. */
export const AGENT_PRESENCE_EVENT = "agentPresence";
/** Client → server: SPEC 3's outgoing chat message (JSON text or object); the ack answers the stored message. */
export const SEND_MESSAGE_EVENT = "message";
/** Client → server: SPEC 3's outgoing event (IS_TYPING and friends). */
export const SEND_EVENT_EVENT = "event";
/** Client → server (ours): the console reports `online` or `away`. */
export const PRESENCE_REPORT_EVENT = "presence";

/** SPEC 4: the client emits this eventType for every inbound message. */
export const IS_TYPING = "IS_TYPING";

/** SPEC 3's real-time message payload (what 'message' carries to the console), with what the inbox needs to draw it. */
export interface RealtimeChatMessage {
  message: {
    channel: ChatChannel;
    /** The conversation id. */
    chatId: string;
    messageId: string;
    senderPhoneNumber: string;
    text: string;
    /** ISO time (SPEC 3's incoming message event sendTime). */
    sendTime: string;
    direction: ChatDirection;
    messageType: ChatMessageType;
    /** The echo of the sender's own clientId, so the sending tab replaces its optimistic row. */
    clientId: string | null;
  };
}

/** SPEC 3's outgoing chat message; `clientId` (ours) makes a resend after a reconnect a no-op. */
export interface OutgoingChatMessage {
  phoneNumber: string;
  chatId: string;
  channel: ChatChannel;
  messageType: ChatMessageType;
  messageObject: Record<string, unknown>;
  text?: string;
  clientId?: string;
}

/** SPEC 3's outgoing event. */
export interface OutgoingChatEvent {
  eventType: string;
  chatId: string;
  messageId: string;
  phoneNumber: string;
  channel: ChatChannel;
}

export interface TypingStatus {
  chatId: string;
  /** Who types: the customer's number, or an agent's name. */
  from: string;
  isTyping: boolean;
}

export interface ChatStatusUpdate {
  chatId: string;
  messageId: string;
  status: ChatDeliveryState;
  error: string | null;
}

export interface AgentPresence {
  agentId: string;
  isOnline: boolean;
  state: PresenceState;
}

/** Whether free-form text may go to a WhatsApp customer whose last message came at `lastInboundAt`. */
export function serviceWindowLeftMs(channel: ChatChannel, lastInboundAt: Date | null, now: Date): number | null {
  if (channel !== "whatsapp") return null;
  if (!lastInboundAt) return 0;
  return Math.max(0, lastInboundAt.getTime() + WHATSAPP_SERVICE_WINDOW_MS - now.getTime());
}
