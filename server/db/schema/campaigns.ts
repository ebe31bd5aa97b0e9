import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  CampaignStatus,
  FailoverCondition,
  IngestExclusion,
  RateKey,
  RecipientState,
} from "../../../contract/domain/campaigns";
import type { ChargeBasis, Rates } from "../../../contract/domain/charging";
import type { AlertKind, AlertTarget } from "../../../contract/domain/control-room";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { segments } from "./segments";

// Campaigns over RCS, SMS and WhatsApp: the campaign, its recipients (the dispatcher's durable queue), what the
// audience file could not use, replies, the per-account suppression list and the admin's rates.
// Money here is integer paise (bigint): holds and settlements add up exactly.

const at = (name: string) => timestamp(name, { withTimezone: true });
const paise = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/** The failover of a WhatsApp campaign to SMS (SPEC 3's smsFailover fields). */
export interface CampaignFailover {
  conditions: FailoverCondition[];
  smsAccountId: string;
  smsTemplateId: string;
  /** Values for the SMS template's variables, by position; `{{column}}` takes a per-row value. */
  params: string[];
}

/**
 * A WhatsApp campaign's own header file (image, video or document), chosen at creation from the account's uploads
 * instead of the template's header: where its bytes are and what they are, copied from the upload so the campaign
 * does not change if the upload row goes. Null: the template's own header media is sent.
 */
export interface CampaignHeaderMedia {
  uploadId: string;
  storageKey: string;
  mimeType: string;
  fileName: string;
}

/** A campaign's alerts as stored: money in paise (the call speaks rupees). */
export interface CampaignAlertSettings {
  failureRatePercent: number | null;
  costLimitPaise: number | null;
  pauseOnAlert: boolean;
  targets: AlertTarget[];
}

export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account that owns (and pays for) the campaign. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who created it (a department head for its manager, an impersonating admin's target…). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    channel: text("channel").$type<"rcs" | "sms" | "whatsapp">().notNull(),
    name: text("name").notNull(),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    /** Why it is paused or failed, in words a person reads. */
    statusReason: text("status_reason"),
    /** The template: rcs_templates, sms_templates or whatsapp_templates id by channel; its name is kept for lists. */
    templateId: uuid("template_id").notNull(),
    templateName: text("template_name").notNull(),
    /** Sender: RCS bot id, SMS account id (+ header), WABA id (+ phone number id). */
    botId: uuid("bot_id"),
    smsAccountId: uuid("sms_account_id"),
    wabaId: text("waba_id"),
    sender: text("sender"),
    /** The sender as a person reads it (bot name, "Account · HEADER", WhatsApp display number), fixed at creation. */
    senderLabel: text("sender_label").notNull().default(""),
    /** Values for the template's placeholders by position: fixed text, or `{{column}}` for a per-row audience value. */
    variables: jsonb("variables").$type<string[]>().notNull().default([]),
    failover: jsonb("failover").$type<CampaignFailover | null>(),
    headerMedia: jsonb("header_media").$type<CampaignHeaderMedia | null>(),
    defaultRegion: text("default_region").notNull().default("IN"),
    /**
     * The audience: an uploaded file in storage (csv or xlsx), pasted numbers kept in `pasted`, or a saved segment of
     * the owner's contacts (read when the audience is read, its contacts then frozen into the recipients).
     */
    sourceKind: text("source_kind").$type<"csv" | "xlsx" | "paste" | "segment">().notNull(),
    segmentId: uuid("segment_id").references(() => segments.id, { onDelete: "set null" }),
    sourceKey: text("source_key"),
    sourceName: text("source_name"),
    pasted: text("pasted"),
    /** Ingest progress and report. */
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull().default(0),
    readBytes: bigint("read_bytes", { mode: "number" }).notNull().default(0),
    rowsRead: integer("rows_read").notNull().default(0),
    validCount: integer("valid_count").notNull().default(0),
    invalidCount: integer("invalid_count").notNull().default(0),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    /**
     * "Save this audience to contacts" (file audiences): each batch's accepted rows are upserted into the owner's
     * contacts in the batch's transaction (audience/save-contacts.ts), which adds to these counts and moves
     * `contactsThroughRow` to the batch's last row, so a restarted ingest skips rows it already saved.
     */
    saveToContacts: boolean("save_to_contacts").notNull().default(false),
    /**
     * Tracked links (services/links): URL values go out as per-recipient short links on this origin, fixed at create
     * so the parts and DLT limits counted at ingest are those of the sends. Null: untracked.
     */
    linkOrigin: text("link_origin"),
    /**
     * An A/B test's campaign (contract/domain/splits.ts): its split, its variant's position (null: the winner sent to
     * the rest), and the slice of the audience it reads: numbers whose fraction under `slice_salt` lies in
     * [slice_lo, slice_hi). Null slice: the whole audience.
     */
    splitId: uuid("split_id"),
    splitVariant: smallint("split_variant"),
    sliceLo: doublePrecision("slice_lo"),
    sliceHi: doublePrecision("slice_hi"),
    sliceSalt: text("slice_salt"),
    contactsCreated: integer("contacts_created").notNull().default(0),
    contactsUpdated: integer("contacts_updated").notNull().default(0),
    contactsSkipped: integer("contacts_skipped").notNull().default(0),
    contactsThroughRow: integer("contacts_through_row").notNull().default(0),
    /**
     * Money in paise: the estimate (every message sent once, no failover) and the most the campaign can cost (the
     * estimate plus what stays unknown until send, e.g. every recipient failing over to SMS), both from the recipients'
     * rendered parts and kept from the audience's read on; the hold taken at start (the maximum); what sending settled.
     */
    estimatedPaise: paise("estimated_paise"),
    maxPaise: paise("max_paise"),
    heldPaise: paise("held_paise"),
    spentPaise: paise("spent_paise"),
    /**
     * When a draft's estimate was priced (at the account's card then): a card changed since leaves it stale until the
     * campaign is checked again, so the list says "as of" this moment. Null on rows written before it was kept.
     */
    estimatedAt: at("estimated_at"),
    /**
     * The account's resolved rate card at the hold (contract/domain/rate-cards.ts): sending and settlement price with
     * it, so a rate change never re-prices a campaign that already holds money. Null before the hold.
     */
    rates: jsonb("rates").$type<Rates | null>(),
    /** Scheduling: the instant to start, and the zone the owner chose it in (for display). */
    scheduledAt: at("scheduled_at"),
    timeZone: text("time_zone"),
    /** Durable background work on this campaign (ingest, scheduled start, completion) is due at this time. */
    nextRunAt: at("next_run_at"),
    startedAt: at("started_at"),
    completedAt: at("completed_at"),
    /**
     * Charges billed on delivery are settled (services/campaigns/settlement.ts): every message delivered, failed
     * or past the cut-off. Null while a charge may still be given back.
     */
    settledAt: at("settled_at"),
    /**
     * The live control room (campaign-live.ts): the sender's throttle in messages a second (null: its sender's own
     * limit), read by the dispatchers with the status, and its alerts (null: none set).
     */
    throttlePerSecond: integer("throttle_per_second"),
    alerts: jsonb("alerts").$type<CampaignAlertSettings | null>(),
    /**
     * How long it has sent (the live view's average, without reading its throughput buckets): the milliseconds of its
     * finished running spells, and when the current one began (null unless running). Kept by every move in or out of
     * running (services/campaigns/status.ts and the scheduler's start), in the same UPDATE.
     */
    ranMs: bigint("ran_ms", { mode: "number" }).notNull().default(0),
    runningSince: at("running_since"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_user_idx").on(t.userId, t.createdAt, t.id),
    index("campaigns_due_idx").on(t.nextRunAt),
    index("campaigns_status_idx").on(t.status),
    // A department head's campaigns (its dashboard's scope) are those it created.
    index("campaigns_created_by_idx").on(t.createdBy),
    index("campaigns_split_idx").on(t.splitId),
    check("campaigns_channel_known", sql`${t.channel} in ('rcs','sms','whatsapp')`),
    check(
      "campaigns_status_known",
      sql`${t.status} in ('draft','validating','ready','scheduled','running','paused','completed','discarded','failed')`,
    ),
    check(
      "campaigns_money_sane",
      sql`${t.heldPaise} >= 0 and ${t.spentPaise} >= 0 and ${t.estimatedPaise} >= 0 and ${t.maxPaise} >= 0`,
    ),
  ],
);

/** One recipient of a campaign: the row number in the audience, the number in E.164, its variables and its state. */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    /** Also our message id towards the carrier (its idempotency key), as a string. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** The owner, so a number's history across campaigns is one index lookup within the account. */
    userId: uuid("user_id").notNull(),
    row: integer("row").notNull(),
    number: text("number").notNull(),
    variables: text("variables").array(),
    /** The person's name, when the audience file had a name column (the inbox shows it on their conversation). */
    name: text("name"),
    /**
     * SMS parts of this recipient's rendered message, counted at ingest: the SMS itself on an SMS campaign, the SMS
     * failover on a WhatsApp or RCS campaign with failover (0 without). Null on rows written before parts were
     * counted: those are priced at the template's longest fill.
     */
    smsParts: integer("sms_parts"),
    state: text("state").$type<RecipientState>().notNull().default("queued"),
    /** Skip reason key, or the carrier's failure reason. */
    reason: text("reason"),
    code: text("code"),
    providerMessageId: text("provider_message_id"),
    attempts: integer("attempts").notNull().default(0),
    /** A claimed row is the worker's until then; after it, a row still `sending` is recovered. */
    leaseUntil: at("lease_until"),
    costPaise: integer("cost_paise").notNull().default(0),
    /**
     * Paise given back for this recipient (its message's and its failover's): a failed send, settlement of a failure
     * or of no delivery by the cut-off, an RCS conversation charged once. A retry's return (back to queued, charged
     * again when sent) is not a give-back. The message log shows it; the campaign's ledger release includes it.
     */
    refundedPaise: integer("refunded_paise").notNull().default(0),
    failedOver: boolean("failed_over").notNull().default(false),
    /**
     * The WhatsApp campaign's SMS failover of this recipient: null (none due), queued, sending (leased through
     * lease_until, which the WhatsApp send no longer uses by then), sent, failed or unknown. The durable marker that
     * makes it at most once: only null becomes queued.
     */
    failoverState: text("failover_state").$type<"queued" | "sending" | "sent" | "failed" | "unknown">(),
    /**
     * The failover SMS as its own message: the provider's id (its receipts name it), what it cost (settled against the
     * campaign's hold like the channel's message, whose cost alone is `cost_paise`), when it was accepted, and what its
     * receipts said (delivered, or failed with the carrier's code and words; a refusal at submit fills code and
     * reason).
     */
    failoverProviderMessageId: text("failover_provider_message_id"),
    failoverCostPaise: integer("failover_cost_paise").notNull().default(0),
    failoverSentAt: at("failover_sent_at"),
    failoverDeliveredAt: at("failover_delivered_at"),
    failoverFailedAt: at("failover_failed_at"),
    failoverCode: text("failover_code"),
    failoverReason: text("failover_reason"),
    sentAt: at("sent_at"),
    deliveredAt: at("delivered_at"),
    readAt: at("read_at"),
    repliedAt: at("replied_at"),
    failedAt: at("failed_at"),
  },
  (t) => [
    index("campaign_recipients_queue_idx").on(t.campaignId, t.state, t.id),
    // The responses pages in audience order (row, id): page 1 and a cursor's next page are an index range of `limit`
    // rows, where ORDER BY row over the campaign read all of it (500,000 rows for a large one) to sort.
    index("campaign_recipients_row_idx").on(t.campaignId, t.row, t.id),
    // The same, within one state (the responses' state filter): `replied` is a few rows among many.
    index("campaign_recipients_state_row_idx").on(t.campaignId, t.state, t.row, t.id),
    uniqueIndex("campaign_recipients_number_idx").on(t.campaignId, t.number),
    // Partial: only recipients with a failover marker, so an ingest adds nothing to it and a send's state change
    // does not touch it (markFailovers finds the unmarked ones through the queue index's state).
    index("campaign_recipients_failover_idx")
      .on(t.campaignId, t.failoverState)
      .where(sql`${t.failoverState} is not null`),
    // One index for both ways a number is looked up: an inbound reply names only the number (the latest recipient with
    // it), a number's history is within an account (number, then owner). Every index is written again by each state
    // change of a recipient, so two were made one.
    index("campaign_recipients_number_owner_idx").on(t.number, t.userId, t.id),
    // Partial: rows not sent yet have no provider id, so an ingest of a million recipients adds nothing to it.
    index("campaign_recipients_provider_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // Partial: failed messages still charged, which settlement gives back where billing is on delivery; a row
    // enters it when a receipt fails it and leaves when its charge returns, so it stays near empty.
    index("campaign_recipients_unsettled_idx")
      .on(t.campaignId)
      .where(sql`${t.state} = 'failed' and ${t.costPaise} > 0`),
    // The message log's pages (services/message-log): an account's sent (or refused) messages by time. Partial: a
    // queued or skipped recipient has no time and is not in the log, so an ingest adds nothing to it.
    index("campaign_recipients_log_idx")
      .on(t.userId, sql`coalesce(${t.sentAt}, ${t.failedAt})`, t.id)
      .where(sql`coalesce(${t.sentAt}, ${t.failedAt}) is not null`),
    // The log of one campaign (linked from its report): its messages by time as a range read, where the account's
    // index above would sort every row of a 100,000-recipient campaign first (377 ms at 10M rows on PostgreSQL).
    index("campaign_recipients_campaign_log_idx")
      .on(t.campaignId, sql`coalesce(${t.sentAt}, ${t.failedAt})`, t.id)
      .where(sql`coalesce(${t.sentAt}, ${t.failedAt}) is not null`),
    // A failover SMS's receipts from a provider that does not echo our id name only its provider id.
    index("campaign_recipients_failover_provider_idx")
      .on(t.failoverProviderMessageId)
      .where(sql`${t.failoverProviderMessageId} is not null`),
  ],
);

/** Audience rows the ingest could not use: the rejected-rows download and the ingest report's examples. */
export const campaignRejectedRows = pgTable(
  "campaign_rejected_rows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    value: text("value").notNull(),
    /** "invalid" or "duplicate", and the words shown. */
    kind: text("kind").$type<"invalid" | "duplicate">().notNull(),
    reason: text("reason").notNull(),
    /** Why, as a key the report counts by (the kind split: a bad number, off the DLT route, an over-long value). */
    cause: text("cause").$type<IngestExclusion>().notNull().default("invalid"),
  },
  (t) => [index("campaign_rejected_rows_campaign_idx").on(t.campaignId, t.row)],
);

/** Inbound messages from the carrier (replies to campaigns and any other inbound); the chat inbox builds on them. */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    from: text("from_number").notNull(),
    to: text("to_address").notNull(),
    text: text("text").notNull(),
    mediaUrl: text("media_url"),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    recipientId: bigint("recipient_id", { mode: "number" }),
    receivedAt: at("received_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("inbound_messages_campaign_idx").on(t.campaignId, t.receivedAt),
    index("inbound_messages_user_idx").on(t.userId, t.from, t.receivedAt),
    // A recipient's latest reply (responses, downloads, number history).
    index("inbound_messages_recipient_idx").on(t.recipientId, t.receivedAt),
  ],
);

/** Numbers an account never sends to: added by hand, by import, or by a STOP reply (a START reply removes them). */
export const suppressions = pgTable(
  "suppressions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    reason: text("reason").notNull().default(""),
    source: text("source").$type<"manual" | "import" | "stop-reply" | "workflow">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("suppressions_user_number_idx").on(t.userId, t.number)],
);

/** The admin's rates in paise (DEFAULT_RATES_PAISE until set). */
export const channelRates = pgTable("channel_rates", {
  key: text("key").$type<RateKey>().primaryKey(),
  paise: integer("paise").notNull(),
  /** When this rate is billed; only the SMS rate offers a choice (contract/domain/charging.ts). */
  billedOn: text("billed_on").$type<ChargeBasis>().notNull().default("submitted"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * A campaign's throughput in THROUGHPUT_BUCKET_SECONDS buckets (contract/domain/control-room.ts): the dispatchers add
 * each round's submit outcomes to their bucket with one upsert (a conflict adds, so several processes count right),
 * and the live view reads these few rows, never the recipients. Failovers are the SMS route's sends.
 */
export const campaignThroughput = pgTable(
  "campaign_throughput",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    bucket: timestamp("bucket", { withTimezone: true, mode: "date" }).notNull(),
    sent: integer("sent").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    failoverSent: integer("failover_sent").notNull().default(0),
    failoverFailed: integer("failover_failed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.bucket] })],
);

/**
 * Alerts fired for a campaign. A kind fires once: the unique index over the rows not re-armed lets one process insert
 * it and no other; a save of the alerts that changes the kind's threshold re-arms it (rearmed_at set), keeping the row
 * in the history.
 */
export const campaignAlertsFired = pgTable(
  "campaign_alerts_fired",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AlertKind>().notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    message: text("message").notNull(),
    paused: boolean("paused").notNull().default(false),
    rearmedAt: timestamp("rearmed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("campaign_alerts_fired_armed_idx")
      .on(t.campaignId, t.kind)
      .where(sql`${t.rearmedAt} is null`),
    index("campaign_alerts_fired_campaign_idx").on(t.campaignId, t.at),
  ],
);
