import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { rcsBots } from "./rcs-bots";

// Real provider connections of an account (WhatsApp Cloud API, SMPP and HTTP SMS; Google RBM later): the
// credentials, sealed with CREDENTIALS_KEY (server/services/carrier-channels/credentials-crypto.ts), the settings that
// are not secret, and the channel's health. A sending address (a WABA's phone numbers, later an SMS account or an RCS
// bot) names its channel; an address without one is served by the default carrier (the sandbox).

/** Settings a channel's adapter reads besides its secrets; each provider reads its own keys. */
export interface CarrierChannelSettings {
  /** WhatsApp Cloud API: the WABA and its phone number ids, the Meta app (resumable uploads), messages/s per number. */
  wabaId?: string;
  phoneNumberIds?: string[];
  appId?: string;
  messagesPerSecond?: number;
  /** How the channel was connected: "manual" entry or Meta's "embedded-signup". */
  onboarding?: "manual" | "embedded-signup";
  /**
   * SMS (SMPP and HTTP): the headers this channel sends, as claimed in carrier_sms_senders (shown, never routed by).
   */
  senderIds?: string[];
  /** SMPP (server/carriers/smpp/settings.ts): the SMSC, the bind's system id and type, its window. */
  host?: string;
  port?: number;
  systemId?: string;
  systemType?: string;
  window?: number;
  /** India DLT over SMPP: the principal entity id and the TLV tags the provider reads it (and the template id) from. */
  dltEntityId?: string;
  dltEntityIdTag?: number;
  dltTemplateIdTag?: number;
  /** HTTP SMS (server/carriers/sms-http/settings.ts): the provider's URL, auth header, body template and DLR shape. */
  url?: string;
  authHeader?: string;
  authPrefix?: string;
  body?: Record<string, unknown>;
  messageIdPath?: string;
  dlr?: {
    idPath: string;
    statusPath: string;
    codePath?: string;
    statuses: Record<string, "sent" | "delivered" | "read" | "failed">;
  };
  entityId?: string;
  /** The preset the form was filled from (contract/domain/sms-http-presets.ts): the adapter reads its refusal rules. */
  preset?: string;
  /** Customers' messages (MO) posted to the channel's inbound URL: dot paths of the fields, or a fixed reply number. */
  inbound?: { fromPath: string; textPath: string; idPath: string; toPath?: string; number?: string };
  /** Google RBM (server/carriers/rcs/settings.ts): the agent at Google, our bot it sends for, the bot's use case. */
  agentId?: string;
  botId?: string;
  /**
   * Older rows only: the bot's name when connected. Not read (the card shows the bot's name now, through
   * carrier_rcs_bots).
   */
  botName?: string;
  /** The service account's client_email, shown on the connection's card. */
  serviceAccount?: string;
  useCase?: "OTP" | "TRANSACTIONAL" | "PROMOTIONAL" | "MULTI_USE";
}

export const carrierChannels = pgTable(
  "carrier_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The adapter: "whatsapp_cloud", "smpp", "sms_http", "rcs_google". */
    provider: text("provider").notNull(),
    channel: text("channel").$type<"whatsapp" | "sms" | "rcs">().notNull(),
    name: text("name").notNull(),
    /** AES-256-GCM sealed JSON of the provider's secrets; never leaves the server. */
    credentials: text("credentials").notNull(),
    /** The last 4 characters of each secret, so the console can say which one is stored. */
    credentialHints: jsonb("credential_hints").$type<Record<string, string>>().notNull().default({}),
    settings: jsonb("settings").$type<CarrierChannelSettings>().notNull().default({}),
    /** Ours, shown to the owner to paste at the provider with the webhook URL (Meta's hub.verify_token). */
    verifyToken: text("verify_token").notNull(),
    /** Bumped on every change of credentials, settings or status: adapters built from an older version are rebuilt. */
    version: integer("version").notNull().default(1),
    status: text("status").$type<"connected" | "disconnected">().notNull().default("connected"),
    /** Why it is disconnected, in words fit for the console. */
    statusReason: text("status_reason"),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    lastErrorCode: text("last_error_code"),
    lastError: text("last_error"),
    /** Messages accepted by the provider in the minute before `measured_at`, as one server process counted them. */
    sentLastMinute: integer("sent_last_minute").notNull().default(0),
    measuredAt: timestamp("measured_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carrier_channels_user_idx").on(t.userId, t.createdAt),
    check("carrier_channels_status_known", sql`${t.status} in ('connected','disconnected')`),
  ],
);

/**
 * The SMS headers (sender ids) a real SMS channel (SMPP, HTTP) sends: a message from one of them goes out through that
 * channel, every other header through the default carrier. A header is claimed by one channel at most, of the account
 * whose SMS account registers it (server/services/carrier-channels/sms.ts), so no account's messages go out through
 * another's provider; removing the channel frees its headers.
 */
export const carrierSmsSenders = pgTable(
  "carrier_sms_senders",
  {
    sender: text("sender").primaryKey(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("carrier_sms_senders_channel_idx").on(t.channelId), index("carrier_sms_senders_user_idx").on(t.userId)],
);

/**
 * An SMS account's reply numbers (long numbers customers write to) and the provider channel (SMPP, HTTP) that last
 * received a customer's message at each: the inbox's answers from that number go out through that channel, as headers
 * do through carrier_sms_senders. Written by the inbound path (server/services/chats/reply-routes.ts) only for a
 * number of the channel's own account; removing the channel frees it (answers then go through the default carrier).
 */
export const carrierSmsReplyNumbers = pgTable(
  "carrier_sms_reply_numbers",
  {
    number: text("number").primaryKey(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("carrier_sms_reply_numbers_channel_idx").on(t.channelId)],
);

/**
 * The RCS bots a Google RBM channel sends for: a bot's messages go out through its channel's agent, every other bot's
 * through the default carrier. A bot is claimed by one channel at most, of the account that owns it
 * (server/services/carrier-channels/rcs.ts); removing the channel (or the bot) frees the claim.
 */
export const carrierRcsBots = pgTable(
  "carrier_rcs_bots",
  {
    botId: uuid("bot_id")
      .primaryKey()
      .references(() => rcsBots.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("carrier_rcs_bots_channel_idx").on(t.channelId), index("carrier_rcs_bots_user_idx").on(t.userId)],
);

/**
 * Webhook events already taken in, by the provider's own key (a message id, a message id and status, a template id and
 * event): a provider delivering the same event twice (they retry until answered 200) changes nothing the second time.
 */
export const carrierWebhookEvents = pgTable(
  "carrier_webhook_events",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => carrierChannels.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.eventKey] }),
    index("carrier_webhook_events_received_idx").on(t.receivedAt),
  ],
);
