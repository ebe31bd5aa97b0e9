import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  AgentStatus,
  ChatDeliveryState,
  ChatDirection,
  ChatMessageType,
  ConversationStatus,
  PresenceState,
} from "../../../contract/domain/chats";
import type { InboxFilter } from "../../../contract/domain/inbox-views";
import { users } from "./accounts";
import { campaigns } from "./campaigns";
import { createdAt } from "./columns";

// The live chat inbox: conversations (one customer number and one business address of an account), their messages
// (inbound, outbound, internal notes) and the account's live agents.

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The account that owns a conversation is the owner of the business address the customer wrote to (WABA phone
 * number id, SMS reply number or sender, RCS bot id). Agents of that account reach it through live_agents.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    customerNumber: text("customer_number").notNull(),
    /** The name the audience file of the latest campaign they answered gave them, if it had one. */
    customerName: text("customer_name"),
    /** Where the customer writes to and the business answers from. */
    businessAddress: text("business_address").notNull(),
    status: text("status").$type<ConversationStatus>().notNull().default("open"),
    assignedAgentId: uuid("assigned_agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    /** The customer's last message: WhatsApp's 24-hour window runs from here. */
    lastInboundAt: at("last_inbound_at"),
    lastMessageAt: at("last_message_at").notNull().defaultNow(),
    lastMessageText: text("last_message_text").notNull().default(""),
    /** Inbound messages not yet read by anyone of the account. */
    unreadCount: integer("unread_count").notNull().default(0),
    resolvedAt: at("resolved_at"),
    /** The campaign whose message the customer first answered, if any (the details panel lists all of them). */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /**
     * SLA clocks (issue 40 item 5, services/chats/sla.ts). First response: started by the customer's message that
     * found nobody owing a reply, due after the account's target in working time, met or breached by the first
     * agent reply (its agent kept for attainment). Resolution: started with the same message (or a reopen), met or
     * breached at resolve. Due instants are stored so the list and the breach job read indexes, not clocks; a
     * breach flag, once set, stays (the manager was told).
     */
    slaFirstStart: at("sla_first_start"),
    slaFirstDue: at("sla_first_due"),
    slaFirstAt: at("sla_first_at"),
    slaFirstAgentId: uuid("sla_first_agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    slaFirstBreached: boolean("sla_first_breached").notNull().default(false),
    slaResolveStart: at("sla_resolve_start"),
    slaResolveDue: at("sla_resolve_due"),
    slaResolveBreached: boolean("sla_resolve_breached").notNull().default(false),
    /**
     * The inbox's "SLA due soonest" order (services/chats/list-sla.ts): the first-response due while the customer
     * waits for a first reply, else the resolution due; null without a running episode (resolved, or no targets).
     * Generated, so every statement that sets a clock (the inbound round, the reply, resolve, reopen, a settings save
     * moving the dues) keeps it without knowing of it. A passed due stays: the overdue come first.
     */
    slaNextDue: at("sla_next_due").generatedAlwaysAs(
      sql`case when status = 'open' and sla_resolve_start is not null
        then coalesce(case when sla_first_at is null then sla_first_due end, sla_resolve_due) end`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_address_customer_idx").on(t.userId, t.channel, t.businessAddress, t.customerNumber),
    index("conversations_inbox_idx").on(t.userId, t.lastMessageAt),
    // An agent's "mine": its conversations newest first per status; the owner column last so counting them reads
    // the index alone (an agent has one owner, but the query names it).
    index("conversations_agent_idx").on(t.assignedAgentId, t.status, t.lastMessageAt, t.id, t.userId),
    // The message log's number search: an account's conversations with one customer number.
    index("conversations_customer_idx").on(t.userId, t.customerNumber),
    // The inbox list (services/chats/list.ts): each filter the screen offers walks one index newest first and stops
    // at the page's end, cursor included; without them a status or channel filter reads past every row it skips.
    index("conversations_status_idx").on(t.userId, t.status, t.lastMessageAt, t.id),
    index("conversations_channel_idx").on(t.userId, t.channel, t.status, t.lastMessageAt, t.id),
    // The tabs' unread counts read only the unread conversations, newest first up to their cap, from the index alone
    // (the agent and the count ride along, so an agent's scope is checked without the table).
    index("conversations_unread_idx")
      .on(t.userId, t.channel, t.status, t.lastMessageAt, t.assignedAgentId, t.unreadCount)
      .where(sql`${t.unreadCount} > 0`),
    // The unread filter (issue 40): an account's unread conversations newest first, whatever their channel; the
    // status rides along so "unread and open" is answered from the index too.
    index("conversations_unread_list_idx")
      .on(t.userId, t.lastMessageAt, t.id, t.status)
      .where(sql`${t.unreadCount} > 0`),
    // The inbox search: any 3 characters of the number or of the last message (pg_trgm, migration 0030).
    index("conversations_number_trgm_idx").using("gin", t.customerNumber.op("gin_trgm_ops")),
    index("conversations_text_trgm_idx").using("gin", t.lastMessageText.op("gin_trgm_ops")),
    // The "SLA breached" filter: an account's breached conversations newest first (the list's order).
    index("conversations_sla_breached_idx")
      .on(t.userId, t.lastMessageAt, t.id, t.status)
      .where(sql`${t.slaFirstBreached} or ${t.slaResolveBreached}`),
    // The breach job: clocks still running, by due instant (every account at once, so no owner first).
    index("conversations_sla_first_due_idx")
      .on(t.slaFirstDue)
      .where(sql`${t.status} = 'open' and ${t.slaFirstAt} is null and not ${t.slaFirstBreached}`),
    index("conversations_sla_resolve_due_idx")
      .on(t.slaResolveDue)
      .where(sql`${t.status} = 'open' and not ${t.slaResolveBreached}`),
    // "SLA due soonest": an account's running clocks by next due (id breaking ties); the conversations without one
    // follow from the newest-first indexes above.
    index("conversations_sla_next_due_idx")
      .on(t.userId, t.slaNextDue, t.id)
      .where(sql`${t.slaNextDue} is not null`),
    check("conversations_status_known", sql`${t.status} in ('open','resolved')`),
  ],
);

/** What a chat message carries besides its text: media, a location, or a template with its parameters. */
export interface ChatMessageBody {
  text?: string;
  mediaUrl?: string;
  mimeType?: string;
  fileName?: string;
  latitude?: number;
  longitude?: number;
  locationName?: string;
  templateId?: string;
  templateName?: string;
  language?: string;
  params?: string[];
  /** An attachment stored here (chat_files): what the thread shows, through a signed link. */
  fileId?: string;
  size?: number;
  /** A received file not fetched yet: the provider's media id (WhatsApp) or link (RCS). */
  pendingMedia?: { id?: string; url?: string; mimeType?: string; fileName?: string };
  /** Why a received file could not be had (expired, gone, too large): the thread says it instead of the file. */
  mediaError?: string;
}

/**
 * One message of a conversation. The bigserial id orders a conversation and is the cursor (older pages, catch-up
 * after a reconnect); for an outgoing message it is also the carrier's idempotency key. `client_id` is the sending
 * console's id: the same client id twice in a conversation is one message (a resend after a reconnect).
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Denormalised owner, so tenancy checks and catch-up read one table. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    direction: text("direction").$type<ChatDirection>().notNull(),
    type: text("type").$type<ChatMessageType>().notNull().default("text"),
    text: text("text").notNull().default(""),
    body: jsonb("body").$type<ChatMessageBody>().notNull().default({}),
    clientId: text("client_id"),
    /** Who wrote an outgoing message or note: the agent (live_agents) or, when null, the account's owner. */
    agentId: uuid("agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull().default(""),
    status: text("status").$type<ChatDeliveryState>(),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    /**
     * The campaign message this inbound one answers (campaign responses read inbound_messages; this links the chat).
     */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /**
     * The campaign message a customer answered, shown in the thread above the reply: its text, time and ticks are the
     * recipient's (campaign_recipients), rendered when read, so the row copies nothing of it. No foreign key: deleting
     * a re-read audience's recipients must not look for rows here; a row whose recipient is gone reads as empty.
     */
    recipientId: bigint("recipient_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    index("chat_messages_user_idx").on(t.userId, t.id),
    // The customer's timeline (services/chats/timeline.ts): a conversation's messages by time, a page at a time, where
    // the id index above would read a long thread whole to sort it by time.
    index("chat_messages_timeline_idx").on(t.conversationId, t.createdAt, t.id),
    // Partial: the business-initiated template sends of an account by time, which the WhatsApp messaging limit counts
    // (campaigns/check.ts); other messages add nothing to it.
    index("chat_messages_template_out_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.direction} = 'out' and ${t.type} = 'template'`),
    // The message log's pages: an account's outgoing messages by time. Partial: notes, inbound messages and the
    // campaign messages shown in threads (the campaign's rows in the log) are not in it.
    index("chat_messages_log_idx")
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.direction} = 'out' and ${t.recipientId} is null`),
    uniqueIndex("chat_messages_client_idx").on(t.conversationId, t.clientId),
    index("chat_messages_provider_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check("chat_messages_direction_known", sql`${t.direction} in ('in','out','note')`),
  ],
);

/**
 * A live agent of an account (Team Members). An invited agent has an email and a token hash until the link is
 * opened; accepting creates (or links) the `users` row the agent signs in with (role user, parent the inviter).
 */
export const liveAgents = pgTable(
  "live_agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account whose conversations the agent answers. */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The agent's own sign-in; null while the invitation is open. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    status: text("status").$type<AgentStatus>().notNull().default("invited"),
    inviteTokenHash: text("invite_token_hash").unique(),
    inviteExpiresAt: at("invite_expires_at"),
    lastSeenAt: at("last_seen_at"),
    /**
     * Presence as the realtime layer last saw it (any process), for decisions made in SQL (auto-assignment): online,
     * away or offline, and since when.
     */
    presence: text("presence").$type<PresenceState>().notNull().default("offline"),
    presenceAt: at("presence_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("live_agents_owner_email_idx").on(t.ownerId, t.email),
    uniqueIndex("live_agents_user_idx").on(t.userId),
    check("live_agents_status_known", sql`${t.status} in ('invited','active')`),
  ],
);

/**
 * A person's saved inbox views (issue 40): a name and the list's filters. Per sign-in (users.id), so an agent's views
 * are its own; the name is the person's and never travels in a URL (SPEC 5).
 */
export const inboxViews = pgTable(
  "inbox_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filter: jsonb("filter").$type<InboxFilter>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("inbox_views_user_name_idx").on(t.userId, t.name)],
);

/**
 * The files of conversations, both ways: an agent's attachment (checked against the channel's rules before it is
 * stored) and a customer's media, fetched from the provider when it arrives. Kept apart from `uploads` (the media
 * library of template headers): a chat file is read only by the people of its conversation, through chats.media.
 */
export const chatFiles = pgTable(
  "chat_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account owning the conversation (an agent's attachment belongs to its owner's account). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    /** Sniffed from the bytes. */
    mimeType: text("mime_type").notNull(),
    /** Display only: the sender's name for it. */
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    animated: boolean("animated").notNull().default(false),
    /**
     * When a message first carried it (a customer's media: at once). A file no message carries a day after its upload
     * (the agent removed it, or never sent) is deleted by the chat-file-expiry job.
     */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_files_conversation_idx").on(t.conversationId),
    index("chat_files_unused_idx")
      .on(t.createdAt)
      .where(sql`${t.usedAt} is null`),
  ],
);
