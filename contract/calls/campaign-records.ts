import type { Static } from "@sinclair/typebox";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../constants";
import { DND_SOURCES, type DndSource } from "../domain/dnd";
import {
  CAMPAIGN_STATUSES,
  FAILOVER_MESSAGE_STATES,
  INGEST_EXCLUSIONS,
  RATE_KEYS,
  RECIPIENT_STATES,
  SKIP_REASONS,
  SKIPPED_SAMPLE_MAX,
  type CampaignStatus,
  type FailoverMessageState,
  type IngestExclusion,
  type RecipientState,
  type SkipReason,
} from "../domain/campaigns";
import { Type } from "./type";

// What the campaign calls answer. Money is in rupees (two decimals) at the edge; the server keeps paise.

/** "Save this audience to contacts": the owner's contacts created, updated and skipped so far; null when off. */
const SavedContactsRecord = Type.Union([
  Type.Object({ created: Type.Integer(), updated: Type.Integer(), skipped: Type.Integer() }),
  Type.Null(),
]);

const date = () => Type.Union([Type.String({ format: "date-time" }), Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });

export const CampaignChannelField = enumOf<CampaignChannel>(CAMPAIGN_CHANNELS);
export const CampaignStatusField = enumOf<CampaignStatus>(CAMPAIGN_STATUSES);
export const RecipientStateField = enumOf<RecipientState>(RECIPIENT_STATES);

/** Recipients per state, and how many failed over to SMS. */
export const RecipientCountsRecord = Type.Object({
  ...(Object.fromEntries(RECIPIENT_STATES.map((s) => [s, Type.Integer()])) as Record<
    RecipientState,
    ReturnType<typeof Type.Integer>
  >),
  failedOver: Type.Integer(),
});

export const CampaignRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  channel: CampaignChannelField,
  status: CampaignStatusField,
  statusReason: nullableText(),
  userId: Type.String(),
  /** The owner's name: admin and reseller lists show whose campaign it is. */
  ownerName: Type.String(),
  templateId: Type.String(),
  templateName: Type.String(),
  /** The sender as a person reads it: bot name, SMS account and header, WhatsApp number. */
  senderLabel: Type.String(),
  source: Type.Object({
    kind: Type.Unsafe<"csv" | "xlsx" | "paste" | "segment">({
      type: "string",
      enum: ["csv", "xlsx", "paste", "segment"],
    }),
    name: nullableText(),
  }),
  audience: Type.Object({
    rowsRead: Type.Integer(),
    valid: Type.Integer(),
    invalid: Type.Integer(),
    duplicates: Type.Integer(),
  }),
  /**
   * "Save this audience to contacts" (file audiences): what the audience's read did to the owner's contacts so far
   * (skipped: existing contacts left as they were, and erased numbers). Null when the campaign does not save.
   */
  savedContacts: Type.Optional(SavedContactsRecord),
  /** Recipients queued for sending (valid minus those skipped at the check). */
  total: Type.Integer(),
  counts: RecipientCountsRecord,
  /** Recipients with a final send outcome over total, 0-100. */
  percent: Type.Number(),
  /**
   * Rupees: the estimate (every message sent once) and the most it can cost (with what is unknown until send, e.g.
   * every recipient failing over to SMS), known from the audience's read on; the hold taken at start; what was spent.
   */
  cost: Type.Object({
    estimated: Type.Number(),
    max: Type.Number(),
    held: Type.Number(),
    spent: Type.Number(),
    /** Of `spent`, what went to the SMS failover; the rest went to the campaign's own channel. */
    failoverSpent: Type.Number(),
    /**
     * When `estimated` was priced, at the account's rates then: a draft's goes stale when a rate card changes, until
     * the campaign is checked again (the review, the Start dialog). Null where it was not kept.
     */
    estimatedAt: Type.Optional(Type.Union([Type.String({ format: "date-time" }), Type.Null()])),
  }),
  failover: Type.Union([
    Type.Object({ conditions: Type.Array(Type.String()), smsAccountId: Type.String(), smsTemplateId: Type.String() }),
    Type.Null(),
  ]),
  /**
   * A running campaign with nothing left to send that waits for delivery receipts, because one may still trigger its
   * SMS failover (`failover.conditions`): how many messages have none yet, and until when it waits (the last one's
   * failover TTL). It holds only what those failovers can cost meanwhile. Null otherwise.
   */
  waiting: Type.Union([
    Type.Object({ messages: Type.Integer(), until: Type.String({ format: "date-time" }) }),
    Type.Null(),
  ]),
  /**
   * When its messages are billed (contract/domain/charging.ts): on submission, or on delivery, where a charge stays
   * open until a receipt or the settlement cut-off; `settledAt` once none is open, `settlesBy` the latest it can be.
   */
  billing: Type.Object({
    basis: Type.Union([Type.Literal("submitted"), Type.Literal("delivered")]),
    settledAt: date(),
    settlesBy: date(),
  }),
  scheduledAt: date(),
  timeZone: nullableText(),
  startedAt: date(),
  completedAt: date(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});

/** SPEC 3's campaignStats: per campaign, its counts. */
export const CampaignStatsRecord = Type.Object({ campaignId: Type.String(), stats: RecipientCountsRecord });

export const RecipientRecord = Type.Object({
  _id: Type.String(),
  campaignId: Type.String(),
  row: Type.Integer(),
  number: Type.String(),
  variables: Type.Array(Type.String()),
  state: RecipientStateField,
  reason: nullableText(),
  code: nullableText(),
  /** Rupees: the message on the campaign's channel (its SMS failover's cost is `failover.cost`). */
  cost: Type.Number(),
  failedOver: Type.Boolean(),
  /** The SMS failover of a WhatsApp or RCS recipient, a message of its own; null when none was due. */
  failover: Type.Union([
    Type.Object({
      state: enumOf<FailoverMessageState>(FAILOVER_MESSAGE_STATES),
      cost: Type.Number(),
      code: nullableText(),
      reason: nullableText(),
      sentAt: date(),
      deliveredAt: date(),
      failedAt: date(),
    }),
    Type.Null(),
  ]),
  /** The latest reply's text, when the recipient answered. */
  reply: nullableText(),
  sentAt: date(),
  deliveredAt: date(),
  readAt: date(),
  repliedAt: date(),
  failedAt: date(),
});

export const RejectedRowRecord = Type.Object({
  row: Type.Integer(),
  value: Type.String(),
  kind: Type.Unsafe<"invalid" | "duplicate">({ type: "string", enum: ["invalid", "duplicate"] }),
  reason: Type.String(),
});

const SkipReasonField = enumOf<SkipReason>(Object.keys(SKIP_REASONS) as SkipReason[]);
const ExclusionField = enumOf<IngestExclusion | SkipReason>([
  ...new Set([...Object.keys(INGEST_EXCLUSIONS), ...Object.keys(SKIP_REASONS)]),
] as (IngestExclusion | SkipReason)[]);

/** Validating progress: how far the ingest has read, and its report so far. */
export const IngestProgressRecord = Type.Object({
  campaignId: Type.String(),
  status: CampaignStatusField,
  statusReason: nullableText(),
  percent: Type.Number(),
  rowsRead: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  duplicates: Type.Integer(),
  savedContacts: Type.Optional(SavedContactsRecord),
  /** The first rejected rows (the full list is the rejected-rows download). */
  rejectedSample: Type.Array(RejectedRowRecord),
  /**
   * Rows left out, by reason: the ingest's own (invalid, foreign or landline, over-long variable, duplicate), then,
   * once the audience is read, the valid numbers the pre-send check would skip (suppressed, DND, …). The download
   * lists each of them with its row.
   */
  excluded: Type.Array(Type.Object({ reason: ExclusionField, label: Type.String(), count: Type.Integer() })),
});

/** What the pre-send check found: shown with the cost before the owner confirms the start. */
export const PreCheckRecord = Type.Object({
  campaignId: Type.String(),
  valid: Type.Integer(),
  /** Recipients that will be sent to. */
  sendable: Type.Integer(),
  skipped: Type.Array(Type.Object({ reason: SkipReasonField, label: Type.String(), count: Type.Integer() })),
  /**
   * Who the start would leave out, by name: the first skipped recipients (suppressed ones, then those past the
   * WhatsApp messaging limit's headroom, each in audience order), at most SKIPPED_SAMPLE_MAX; `detail` is the
   * suppression list's own reason (e.g. `Replied "STOP"`) where it has one.
   */
  skippedNumbers: Type.Array(
    Type.Object({ number: Type.String(), reason: SkipReasonField, label: Type.String(), detail: nullableText() }),
    { maxItems: SKIPPED_SAMPLE_MAX },
  ),
  /** Reasons the campaign cannot start at all (template not approved, DLT fields missing, body mismatch…). */
  blockers: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
  /** SMS sending window: whether a start now sends now, or is scheduled for the next window. */
  window: Type.Object({ openNow: Type.Boolean(), nextOpenAt: date(), message: nullableText() }),
  /**
   * WhatsApp messaging limit of the campaign's WABA: `used` is the unique numbers the WABA started a conversation
   * with in the moving 24 hours by any business-initiated template message (campaigns, the chat inbox, workflows'
   * send-template steps, the public API), each number once, leaving out numbers that wrote to the account within
   * 24 hours (inside their service window); `headroom` = limit − used. A message counts once the provider took it or
   * while it is queued or in flight; one refused at submit does not. Null for other channels.
   */
  messagingLimit: Type.Union([
    Type.Object({ limit: Type.Integer(), used: Type.Integer(), headroom: Type.Integer() }),
    Type.Null(),
  ]),
  /**
   * Counted from each recipient's rendered message (its SMS parts are counted when the audience is read), so what
   * is known is exact; only what stays unknown until send (whether a message fails over to SMS) makes `total`
   * exceed `expected`.
   */
  estimate: Type.Object({
    channel: CampaignChannelField,
    /** Rupees for one message on the campaign's channel (SMS: for one part). */
    perMessage: Type.Number(),
    /** SMS parts per message when every recipient's SMS has the same count; null otherwise and off SMS. */
    segments: Type.Union([Type.Integer(), Type.Null()]),
    /** SMS parts in all: the messages' on SMS, the failover SMS's on WhatsApp and RCS (0 without failover). */
    smsParts: Type.Integer(),
    /** The WhatsApp template's category, when the channel is WhatsApp. */
    category: nullableText(),
    /** The estimate: every sendable recipient sent once on the campaign's channel. */
    expected: Type.Number(),
    /** The SMS failover's cost should every recipient fail over (0 without failover). */
    failover: Type.Number(),
    /** The most the start can cost, and the hold it takes: expected + failover. */
    total: Type.Number(),
  }),
  balance: Type.Number(),
  enoughBalance: Type.Boolean(),
});

/** A failure reason in words (the carriers' error tables), its code, and the provider's own text when it differs. */
export const ErrorBreakdownRecord = Type.Object({
  reason: Type.String(),
  code: nullableText(),
  detail: nullableText(),
  count: Type.Integer(),
});
export const TimelinePointRecord = Type.Object({
  at: Type.String({ format: "date-time" }),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  read: Type.Integer(),
  replied: Type.Integer(),
  failed: Type.Integer(),
});

/** A tracked campaign's clicks: people only (previews and scanners counted apart), by device. */
export const LinkClicksRecord = Type.Object({
  /** Recipients who clicked at least once. */
  clickers: Type.Integer(),
  clicks: Type.Integer(),
  /** Fetches by link previews, scanners and prefetches: never counted as clicks. */
  machineFetches: Type.Integer(),
  devices: Type.Array(Type.Object({ device: Type.String(), clicks: Type.Integer() })),
});

/** Conversions attributed to the campaign's messages (issue 41): reported through the public API. */
export const ConversionTotalsRecord = Type.Object({
  conversions: Type.Integer(),
  /** Recipients with at least one conversion: the conversion rate is these over the delivered. */
  converters: Type.Integer(),
  /** The conversions' values in exact integer paise. */
  revenuePaise: Type.Integer(),
});

/**
 * One reporting day (India) of a campaign's engagement: its people's clicks (never previews' or scanners'), the
 * people who clicked for the first time that day, and the conversions attributed to it that occurred that day.
 */
export const EngagementDayRecord = Type.Object({
  day: Type.String({ format: "date", description: "a reporting day, YYYY-MM-DD (India)" }),
  clicks: Type.Integer(),
  /** Recipients whose first click fell on this day: summed over every day, the campaign's clickers. */
  clickers: Type.Integer(),
  conversions: Type.Integer(),
  /** The conversions' values in exact integer paise. */
  revenuePaise: Type.Integer(),
});

/** One campaign's full report: the individual report page and the status call. */
export const CampaignReportRecord = Type.Object({
  campaign: CampaignRecord,
  errors: Type.Array(ErrorBreakdownRecord),
  /** Sends and receipts per bucket from the start (bucketMinutes wide; empty buckets left out). */
  timeline: Type.Array(TimelinePointRecord),
  /** The timeline's bucket width in minutes: 1, widened so a campaign of any span has at most 200 points. */
  bucketMinutes: Type.Optional(Type.Integer({ minimum: 1 })),
  /** A campaign sent with tracked links: its clicks. */
  links: Type.Optional(LinkClicksRecord),
  /** A tracked campaign's, or any campaign's once a conversion was attributed to it. */
  conversions: Type.Optional(ConversionTotalsRecord),
  /** Beside links or conversions: their days with a click or a conversion, oldest first (at most 366, the newest). */
  engagementDays: Type.Optional(Type.Array(EngagementDayRecord)),
});

/** One message of a number's history across campaigns. */
export const NumberHistoryRecord = Type.Object({
  campaignId: Type.String(),
  campaignName: Type.String(),
  channel: CampaignChannelField,
  templateName: Type.String(),
  recipient: RecipientRecord,
  replies: Type.Array(Type.Object({ text: Type.String(), at: Type.String({ format: "date-time" }) })),
});

export const SuppressionRecord = Type.Object({
  id: Type.String(),
  number: Type.String(),
  reason: Type.String(),
  source: Type.Unsafe<"manual" | "import" | "stop-reply" | "workflow">({
    type: "string",
    enum: ["manual", "import", "stop-reply", "workflow"],
  }),
  createdAt: Type.String({ format: "date-time" }),
});

/** A number on the account's DND list (customers' preferences as the account knows them; contract/domain/dnd.ts). */
export const DndRecord = Type.Object({
  id: Type.String(),
  number: Type.String(),
  /** TRAI preference categories 1-8; empty or 0 = fully blocked. */
  preferences: Type.Array(Type.Integer()),
  consent: Type.Boolean(),
  source: Type.Unsafe<DndSource>({ type: "string", enum: Object.keys(DND_SOURCES) }),
  /** The scrub file's name, or the operator's receipt code. */
  detail: Type.String(),
  updatedAt: Type.String({ format: "date-time" }),
});

export const RatesRecord = Type.Object({
  ...(Object.fromEntries(RATE_KEYS.map((k) => [k, Type.Number()])) as Record<
    (typeof RATE_KEYS)[number],
    ReturnType<typeof Type.Number>
  >),
  /** When SMS is billed: per part submitted, or per part delivered. */
  sms_billed_on: Type.Union([Type.Literal("submitted"), Type.Literal("delivered")]),
});

export type CampaignRecord = Static<typeof CampaignRecord>;
export type RecipientRecord = Static<typeof RecipientRecord>;
export type RejectedRowRecord = Static<typeof RejectedRowRecord>;
export type IngestProgressRecord = Static<typeof IngestProgressRecord>;
export type PreCheckRecord = Static<typeof PreCheckRecord>;
export type CampaignReportRecord = Static<typeof CampaignReportRecord>;
export type NumberHistoryRecord = Static<typeof NumberHistoryRecord>;
export type SuppressionRecord = Static<typeof SuppressionRecord>;
export type DndRecord = Static<typeof DndRecord>;
export type RatesRecord = Static<typeof RatesRecord>;
