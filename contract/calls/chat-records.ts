import {
  AGENT_METRIC_PERIODS,
  AGENT_STATUSES,
  CHAT_DELIVERY_STATES,
  CHAT_DIRECTIONS,
  CHAT_MESSAGE_TYPES,
  CONVERSATION_SCOPES,
  CONVERSATION_STATUSES,
  PRESENCE_STATES,
  type AgentMetricPeriod,
  type AgentStatus,
  type ChatDeliveryState,
  type ChatDirection,
  type ChatMessageType,
  type ConversationScope,
  type ConversationStatus,
  type PresenceState,
} from "../domain/chats";
import { LABEL_COLORS, type LabelColor } from "../domain/contacts";
import type { WaMediaFormat } from "../domain/whatsapp-template";
import { CampaignChannelField } from "./campaign-records";
import { SentLinkRecord } from "./link-records";
import { Type } from "./type";

// What the chat inbox, the simulated phone and the live-agent calls answer.

const date = () => Type.Union([Type.String({ format: "date-time" }), Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });

export const ConversationStatusField = enumOf<ConversationStatus>(CONVERSATION_STATUSES);
export const ChatMessageTypeField = enumOf<ChatMessageType>(CHAT_MESSAGE_TYPES);

export const LabelColorField = enumOf<LabelColor>(LABEL_COLORS);
/** One of an account's labels and how it looks. */
export const LabelRecord = Type.Object({ name: Type.String(), color: LabelColorField });

/** The list's filters a view names (each absent when the view does not filter on it). */
export const InboxFilterRecord = Type.Object({
  channel: Type.Optional(CampaignChannelField),
  scope: Type.Optional(enumOf<ConversationScope>(CONVERSATION_SCOPES)),
  status: Type.Optional(ConversationStatusField),
  agentId: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  unread: Type.Optional(Type.Boolean()),
  slaBreached: Type.Optional(Type.Boolean()),
  waitingMinutes: Type.Optional(Type.Integer()),
  /** Absent: newest activity first. */
  sort: Type.Optional(Type.Literal("slaDue")),
});

/** A person's saved inbox view and how many conversations it holds now (up to the list's count cap). */
export const InboxViewRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  filter: InboxFilterRecord,
  count: Type.Integer(),
  countExact: Type.Boolean(),
});

export const ConversationRecord = Type.Object({
  _id: Type.String(),
  channel: CampaignChannelField,
  customerNumber: Type.String(),
  /** From the audience file of the latest campaign they answered, when it had a name column. */
  customerName: nullableText(),
  businessAddress: Type.String(),
  /** What the inbox shows for the business address (the WABA number's display number, the bot's name). */
  businessLabel: Type.String(),
  status: ConversationStatusField,
  assignedAgentId: nullableText(),
  assignedAgentName: nullableText(),
  lastMessageAt: Type.String({ format: "date-time" }),
  lastMessageText: Type.String(),
  lastInboundAt: date(),
  unreadCount: Type.Integer(),
  /** The customer's labels (their contact's, in the contacts owner's colours). */
  labels: Type.Array(LabelRecord),
  /** WhatsApp only: milliseconds left in the 24-hour window (0 = closed); null on SMS and RCS. */
  windowLeftMs: Type.Union([Type.Integer(), Type.Null()]),
  /** SLA (issue 40 item 5): the running clock due first (first response, then resolution); null when none runs. */
  slaDueAt: date(),
  /** Working minutes left to it (business hours only; 0 once due); null when no clock runs. */
  slaLeftMinutes: Type.Union([Type.Integer(), Type.Null()]),
  /** A clock of the current episode was breached (or its due passed and the job has not marked it yet). */
  slaBreached: Type.Boolean(),
  createdAt: Type.String({ format: "date-time" }),
});

export const ChatMessageRecord = Type.Object({
  /** The bigserial id as text: the order of a conversation and the catch-up cursor. */
  _id: Type.String(),
  chatId: Type.String(),
  direction: enumOf<ChatDirection>(CHAT_DIRECTIONS),
  messageType: ChatMessageTypeField,
  text: Type.String(),
  mediaUrl: nullableText(),
  mimeType: nullableText(),
  fileName: nullableText(),
  /** A file stored here (sent or received): chats.media answers a signed link to it. */
  attachmentId: nullableText(),
  fileSize: Type.Union([Type.Integer(), Type.Null()]),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  templateName: nullableText(),
  clientId: nullableText(),
  authorName: Type.String(),
  agentId: nullableText(),
  /** Outgoing messages only: the ticks. */
  status: Type.Union([enumOf<ChatDeliveryState>(CHAT_DELIVERY_STATES), Type.Null()]),
  error: nullableText(),
  campaignId: nullableText(),
  /** A tracked campaign's message: each short link in `text` and the URL it opens. */
  links: Type.Optional(Type.Array(SentLinkRecord)),
  createdAt: Type.String({ format: "date-time" }),
});

/** The details panel: who the customer is to this account. */
export const ChatCustomerRecord = Type.Object({
  number: Type.String(),
  channel: CampaignChannelField,
  optedOut: Type.Boolean(),
  optOutReason: nullableText(),
  campaigns: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      channel: CampaignChannelField,
      state: Type.String(),
      sentAt: date(),
    }),
  ),
  firstSeenAt: Type.String({ format: "date-time" }),
  messageCount: Type.Integer(),
});

/** A template the composer may send in this conversation (the only thing allowed outside WhatsApp's window). */
export const QuickReplyRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  channel: CampaignChannelField,
  language: nullableText(),
  /** The body with its placeholders ({{1}} or {#var#}). */
  body: Type.String(),
  variableCount: Type.Integer(),
  /**
   * SMS: the template's DLT template id (sent with the message: India's operators scrub against it); null elsewhere.
   */
  dltTemplateId: nullableText(),
  /**
   * A WhatsApp template's image, video or document header (null for text, none or another channel): it is sent with
   * the template's own file, or one chosen for this message (chats.send's headerMediaId, uploaded to `wabaId`).
   */
  header: Type.Union([
    Type.Object({
      format: Type.Unsafe<WaMediaFormat>({ type: "string", enum: ["IMAGE", "VIDEO", "DOCUMENT"] }),
      wabaId: Type.String(),
      ownFile: Type.Boolean(),
    }),
    Type.Null(),
  ]),
});

/** A business address the simulated phone can write to (the caller's own channels). */
export const SandboxAddressRecord = Type.Object({
  channel: CampaignChannelField,
  address: Type.String(),
  label: Type.String(),
});

/** One line of the simulated phone's thread, as the customer sees it. */
export const SandboxPhoneMessageRecord = Type.Object({
  _id: Type.String(),
  /** `in` is what the customer typed, `out` what the business sent. */
  direction: enumOf<"in" | "out">(["in", "out"]),
  messageType: ChatMessageTypeField,
  text: Type.String(),
  status: Type.Union([enumOf<ChatDeliveryState>(CHAT_DELIVERY_STATES), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
  /** What the customer can tap under it (a survey's chips or reply buttons): the text shown and the payload sent. */
  replies: Type.Array(Type.Object({ text: Type.String(), payload: Type.String() })),
});

export const LiveAgentRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  status: enumOf<AgentStatus>(AGENT_STATUSES),
  /** SPEC 3: online/offline, from connected sockets. */
  isOnline: Type.Boolean(),
  presence: enumOf<PresenceState>(PRESENCE_STATES),
  lastSeenAt: date(),
  openConversations: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});

/**
 * A member of the inbox's team as the inbox shows it (assignment): name and presence only. Whoever works in the inbox
 * (the owner or one of its live agents) reads it; emails and the rest stay on the owner's Team Members screen.
 */
export const TeamMemberRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  isOnline: Type.Boolean(),
  presence: enumOf<PresenceState>(PRESENCE_STATES),
  /** The caller itself (a live agent): what "Assign to me" assigns to. */
  you: Type.Boolean(),
});

/** One line of a conversation's activity log: who it was assigned to, from whom, by whom and when. */
export const ConversationActivityRecord = Type.Object({
  _id: Type.String(),
  kind: Type.Unsafe<
    | "assigned"
    | "unassigned"
    | "sla_first_breached"
    | "sla_resolution_breached"
    | "csat_sent"
    | "csat_not_sent"
    | "csat_answered"
  >({
    type: "string",
    enum: [
      "assigned",
      "unassigned",
      "sla_first_breached",
      "sla_resolution_breached",
      "csat_sent",
      "csat_not_sent",
      "csat_answered",
    ],
  }),
  /** The agent it went to (null: back to the team, or an agent since removed). */
  agentName: Type.Union([Type.String(), Type.Null()]),
  fromAgentName: Type.Union([Type.String(), Type.Null()]),
  /** Who decided: auto-assignment, the owner, an agent, or the offline hand-over. */
  actor: Type.Unsafe<"auto" | "owner" | "agent" | "offline" | "sla" | "csat" | "customer">({
    type: "string",
    enum: ["auto", "owner", "agent", "offline", "sla", "csat", "customer"],
  }),
  actorName: Type.String(),
  /** CSAT lines: how the survey went, why it did not, or the score given. */
  note: Type.String(),
  at: Type.String({ format: "date-time" }),
});

export const AgentMetricsRecord = Type.Object({
  agentId: Type.String(),
  period: enumOf<AgentMetricPeriod>(AGENT_METRIC_PERIODS),
  from: Type.String({ format: "date-time" }),
  to: Type.String({ format: "date-time" }),
  conversationsHandled: Type.Integer(),
  conversationsResolved: Type.Integer(),
  messagesSent: Type.Integer(),
  /** Averages in milliseconds; null when there was nothing to measure. */
  firstResponseMs: Type.Union([Type.Number(), Type.Null()]),
  avgResponseMs: Type.Union([Type.Number(), Type.Null()]),
  resolutionMs: Type.Union([Type.Number(), Type.Null()]),
  /**
   * SLA attainment (issue 40 item 5), from the conversations' stored flags: of the first responses this agent gave in
   * the period with a target, how many were in time, and of the conversations it resolved with a resolution target.
   */
  slaFirstResponses: Type.Integer(),
  slaFirstResponsesMet: Type.Integer(),
  slaResolutions: Type.Integer(),
  slaResolutionsMet: Type.Integer(),
  /** CSAT (issue 40 item 6): the answers to surveys on this agent's resolved conversations, given in the period. */
  csatAverage: Type.Union([Type.Number(), Type.Null()]),
  csatResponses: Type.Integer(),
  /** Per hour (day) or per day (week, month). */
  series: Type.Array(
    Type.Object({
      bucket: Type.String({ format: "date-time" }),
      conversations: Type.Integer(),
      messagesSent: Type.Integer(),
      avgResponseMs: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});

/** The supervisor wallboard (issue 40 item 8): the account's inbox now, for a wall screen. */
export const WallboardRecord = Type.Object({
  /** Open conversations whose customer wrote last (nobody has answered yet). */
  waiting: Type.Integer(),
  /** When the longest-waiting of them wrote; null when none waits. */
  longestWaitSince: date(),
  unassigned: Type.Integer(),
  /** Active agents with their presence and open conversations, most loaded first. */
  agents: Type.Array(
    Type.Object({
      agentId: Type.String(),
      name: Type.String(),
      presence: enumOf<PresenceState>(PRESENCE_STATES),
      open: Type.Integer(),
    }),
  ),
  /** Conversations whose SLA was breached since midnight in the account's SLA time zone (first response or resolution). */
  breachesToday: Type.Integer(),
  /** CSAT answers since midnight in that zone: the mean score (1 decimal) and their count; null while CSAT is off. */
  csatToday: Type.Union([
    Type.Object({ average: Type.Union([Type.Number(), Type.Null()]), responses: Type.Integer() }),
    Type.Null(),
  ]),
  timeZone: Type.String(),
  at: Type.String({ format: "date-time" }),
});

/** A file attached in the composer, stored and checked, not sent yet (chats.send names it as attachmentId). */
export const ChatAttachmentRecord = Type.Object({
  attachmentId: Type.String(),
  kind: Type.Union([
    Type.Literal("image"),
    Type.Literal("video"),
    Type.Literal("audio"),
    Type.Literal("document"),
    Type.Literal("sticker"),
  ]),
  mimeType: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
});
