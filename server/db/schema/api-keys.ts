import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ApiScope, PublicMessageState } from "../../../contract/domain/api-keys";
import type { CampaignChannel } from "../../../contract/constants";
import type { RateKey } from "../../../contract/domain/charging";
import type { MessageContent } from "../../carriers/carrier";
import { users } from "./accounts";
import { createdAt } from "./columns";

// API keys, their configurations, the messages sent through the public API with them, Idempotency-Key answers and
// the request log (UMS). Money is integer paise, as in campaigns.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The `<public id>` of `mc_live_<public id>_<secret>`: finds the key without its secret. */
    publicId: text("public_id").notNull(),
    /** SHA-256 of the secret, hex. The secret has 256 bits of entropy, so a slow hash would add nothing but latency. */
    secretHash: text("secret_hash").notNull(),
    /** The secret before the last regeneration, accepted until previous_valid_until (the grace period). */
    previousSecretHash: text("previous_secret_hash"),
    previousValidUntil: at("previous_valid_until"),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    expiresAt: at("expires_at"),
    /** Written by the request log's batches, not per request. */
    lastUsedAt: at("last_used_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    regeneratedAt: at("regenerated_at"),
    /** Deleted (SPEC 3: soft): the key stops working, its history stays. */
    deactivatedAt: at("deactivated_at"),
  },
  (t) => [uniqueIndex("api_keys_public_id_idx").on(t.publicId), index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/** What keys may do: one row per key, or one per account (api_key_id null) for its keys without their own. */
export const keyConfigs = pgTable(
  "key_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    channels: text("channels").array().$type<CampaignChannel[]>().notNull(),
    scopes: text("scopes").array().$type<ApiScope[]>().notNull(),
    /** Normalised addresses and CIDR ranges (ipaddr.js), IPv4 and IPv6. */
    ipAllowList: text("ip_allow_list")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ratePerSecond: integer("rate_per_second").notNull(),
    ratePerDay: integer("rate_per_day").notNull(),
    expiresAt: at("expires_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("key_configs_key_idx")
      .on(t.apiKeyId)
      .where(sql`${t.apiKeyId} is not null`),
    uniqueIndex("key_configs_account_idx")
      .on(t.userId)
      .where(sql`${t.apiKeyId} is null`),
    check("key_configs_rates_positive", sql`${t.ratePerSecond} > 0 and ${t.ratePerDay} > 0`),
  ],
);

/** One channel of a public message, resolved when it was accepted: sender, content, cost. */
export interface PublicMessageStep {
  channel: CampaignChannel;
  from: string;
  content: MessageContent;
  costPaise: number;
  /** The rate it was priced at and that rate's paise then (absent when free, and on steps written before they were kept). */
  rateKey?: RateKey;
  ratePaise?: number;
  /** Where replies arrive when `from` cannot take one (an SMS DLT header). */
  replyTo?: string;
  templateId?: string;
}

/** A state a public message went through (GET /api/public/v1/messages/:id answers them). */
export interface PublicMessageHistoryEntry {
  status: PublicMessageState;
  channel: CampaignChannel;
  at: string;
  code?: string | null;
  reason?: string | null;
}

/**
 * A message sent through the public API: the dispatcher's durable queue, like campaign_recipients. The carrier's
 * idempotency key is `api:<id>:<step>` (each channel of a fallback chain is its own carrier message).
 */
export const apiMessages = pgTable(
  "api_messages",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").notNull(),
    reference: text("reference"),
    to: text("to_number").notNull(),
    steps: jsonb("steps").$type<PublicMessageStep[]>().notNull(),
    /** The step (channel of the chain) being sent now; `channel` and `sender` are its channel and sender. */
    step: integer("step").notNull().default(0),
    channel: text("channel").$type<CampaignChannel>().notNull(),
    sender: text("sender").notNull(),
    state: text("state").$type<PublicMessageState>().notNull().default("queued"),
    /** The last step paid for: the first at acceptance, a fallback when the dispatcher claims it. */
    chargedStep: integer("charged_step").notNull().default(0),
    /** Paise charged so far, net of refunds (a step refused at submit is given back). */
    costPaise: integer("cost_paise").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    code: text("code"),
    reason: text("reason"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: at("lease_until"),
    history: jsonb("history").$type<PublicMessageHistoryEntry[]>().notNull().default([]),
    /**
     * Its charge on delivery was settled at the cut-off with no delivery confirmed (services/campaigns/settlement.ts).
     */
    settledAt: at("settled_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // The dispatcher's claim: only the rows waiting or in flight, oldest first.
    index("api_messages_queue_idx")
      .on(t.createdAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index("api_messages_user_idx").on(t.userId, t.createdAt),
    // The message log's number search within an account, newest first.
    index("api_messages_user_to_idx").on(t.userId, t.to, t.createdAt),
    // An RCS reply looks for the bot's messages to that person in the day before (campaigns/rcs-conversations.ts).
    index("api_messages_rcs_to_idx")
      .on(t.to, t.createdAt)
      .where(sql`${t.channel} = 'rcs'`),
    index("api_messages_request_idx").on(t.requestId, t.createdAt),
    index("api_messages_provider_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // Partial: charged messages with no receipt yet, which the settlement cut-off may give back; a delivered or
    // failed receipt takes a message out of it.
    index("api_messages_unsettled_idx")
      .on(t.updatedAt)
      .where(sql`${t.state} in ('sent', 'unknown') and ${t.settledAt} is null and ${t.costPaise} > 0`),
    check(
      "api_messages_state_known",
      sql`${t.state} in ('queued','sending','sent','delivered','read','failed','unknown')`,
    ),
    check("api_messages_cost_sane", sql`${t.costPaise} >= 0`),
  ],
);

/** The first answer to a request with an Idempotency-Key, per account, for 24 hours. */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the route and the body: the same key with another body is a 409. */
    bodyHash: text("body_hash").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("api_idempotency_created_idx").on(t.createdAt)],
);

/** Every public-API request made with one of the account's keys (UMS requests), kept UMS_LOG_DAYS days. */
export const umsRequests = pgTable(
  "ums_requests",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    route: text("route").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    latencyMs: real("latency_ms").notNull(),
    ip: text("ip").notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    errorDetails: jsonb("error_details").$type<{ field: string; message: string }[]>(),
    idempotencyKey: text("idempotency_key"),
    userAgent: text("user_agent"),
    requestBody: jsonb("request_body"),
    requestTruncated: boolean("request_truncated").notNull().default(false),
    responseBody: jsonb("response_body"),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("ums_requests_user_idx").on(t.userId, t.createdAt),
    index("ums_requests_key_idx").on(t.apiKeyId, t.createdAt),
    index("ums_requests_created_idx").on(t.createdAt),
  ],
);
