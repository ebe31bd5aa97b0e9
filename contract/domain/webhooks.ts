// Outbound webhooks: what an account's endpoints can subscribe to, what each event's body carries, and the headers
// a delivery is signed with. One place for these facts; the server, the console and the API docs read them here.

import type { CampaignChannel } from "../constants";
import type { CampaignStatus } from "./campaigns";
import type { AlertKind } from "./control-room";

/** The events an endpoint subscribes to. */
export const WEBHOOK_EVENTS = [
  "message.status",
  "message.inbound",
  "campaign.status",
  "campaign.alert",
  "contact.updated",
  "contact.opted_out",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  "message.status": "Delivery receipts (message.status)",
  "message.inbound": "Inbound messages (message.inbound)",
  "campaign.status": "Campaign state (campaign.status)",
  "campaign.alert": "Campaign alerts: failure rate or cost past its threshold (campaign.alert)",
  "contact.updated": "Contacts created, changed or deleted (contact.updated)",
  "contact.opted_out": "Opt-outs (contact.opted_out)",
};

/** The body of the test button's delivery; nobody subscribes to it, every endpoint can be sent one. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;
export const WEBHOOK_DELIVERY_EVENTS: readonly WebhookDeliveryEvent[] = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];

/**
 * pending: waiting for its first attempt or a retry; succeeded: a 2xx answer; failed: no 2xx within the retry window.
 */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Headers of every delivery. The id is the delivery's (one per event and endpoint) and stays the same on every
 * retry and resend, so a receiver can drop duplicates; the signature is `v1=<hex HMAC-SHA256 of "timestamp.body">`
 * with the endpoint's secret, one `v1=` per valid secret (two for a day after a rotation), separated by spaces.
 */
export const WEBHOOK_HEADERS = {
  id: "X-Webhook-Id",
  event: "X-Webhook-Event",
  timestamp: "X-Webhook-Timestamp",
  signature: "X-Webhook-Signature",
} as const;

/** The secret's recognisable prefix (so a leaked one can be found by scanners). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Endpoints per account: enough for a production, a staging and a few tools. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** A message's states as webhooks report them: every source (campaigns, conversations, the public API) uses these. */
export type WebhookMessageStatus = "sent" | "delivered" | "read" | "replied" | "failed";

/** `message.status`: one message of the account moved to a later state. */
export interface MessageStatusData {
  /** Where the message was sent from: a campaign, a conversation of the inbox, or the public API. */
  source: "campaign" | "conversation" | "api";
  /** Our id of the message (a campaign recipient's, a chat message's or the public API's message id). */
  messageId: string;
  campaignId?: string;
  conversationId?: string;
  /** The public API's messages: the `reference` the message was sent with, when it had one. */
  reference?: string;
  /** The channel of this state: a public-API message that fell back reports its states on the channel that took it. */
  channel: CampaignChannel;
  /** The recipient, E.164. */
  to: string;
  status: WebhookMessageStatus;
  /** The carrier's code and reason of a failure. */
  error?: { code: string | null; reason: string | null };
  at: string;
}

/** `message.inbound`: a customer wrote to one of the account's numbers or bots. */
export interface InboundMessageData {
  messageId: string;
  conversationId: string;
  channel: CampaignChannel;
  from: string;
  /** The business address written to: WhatsApp phone number id, SMS reply number or sender, RCS bot id. */
  to: string;
  text: string;
  mediaUrl?: string;
  /** The campaign this message answers, when it answers one. */
  campaignId?: string;
  receivedAt: string;
}

/** `campaign.status`: a campaign moved from one state to another (contract/domain/campaigns.ts has the moves). */
export interface CampaignStatusData {
  campaignId: string;
  name: string;
  channel: CampaignChannel;
  status: CampaignStatus;
  previousStatus: CampaignStatus | null;
  /** Why, when the move has a reason (auto-pause, a failed ingest, a schedule moved to the SMS window). */
  reason: string | null;
  at: string;
}

/**
 * `campaign.alert`: a running campaign passed one of the alerts its sender set in the live control room
 * (contract/domain/control-room.ts): more than `threshold` % of its newest outcomes failed (`value` the share), or
 * its spend passed `threshold` rupees (`value` the spend). Each kind fires once until its threshold is changed.
 */
export interface CampaignAlertData {
  campaignId: string;
  name: string;
  channel: CampaignChannel;
  kind: AlertKind;
  message: string;
  threshold: number;
  value: number;
  /** Whether the alert paused the campaign (its pause-on-alert setting). */
  paused: boolean;
  at: string;
}

/** A contact as `contact.updated` carries it (the contact record's fields). */
export interface ContactSnapshot {
  id: string;
  number: string;
  name: string;
  email: string;
  language: string;
  labels: string[];
  attributes: Record<string, string | number | boolean>;
  updatedAt: string;
}

/** Where a contact change came from: the console, an import, a campaign's audience file, the public API, a chat, or an erase. */
export type ContactChangeSource = "console" | "import" | "campaign_file" | "api" | "chat" | "erase";

/**
 * `contact.updated`: a contact of the account was created, changed or deleted (an erase is a deletion whose source is
 * `erase`). `contact` is the contact after the change; a deletion carries its id and number only (an erase not even
 * the number: `number` is null).
 */
export interface ContactUpdatedData {
  action: "created" | "updated" | "deleted";
  source: ContactChangeSource;
  contactId: string;
  number: string | null;
  contact: ContactSnapshot | null;
  at: string;
}

/**
 * `contact.opted_out`: the consent ledger recorded an opt-out of a number (a STOP keyword, an agent, the API, an
 * import, a complaint, or WhatsApp's error 131050, method `provider`). `channel` "all" with purpose "any" stops every
 * message; otherwise only that channel (and, for purpose "marketing", only marketing).
 */
export interface ContactOptedOutData {
  number: string;
  channel: "sms" | "whatsapp" | "rcs" | "all";
  purpose: "marketing" | "any";
  method: "form" | "api" | "keyword" | "import" | "agent" | "complaint" | "provider";
  proof: string;
  at: string;
}

export interface WebhookTestData {
  endpointId: string;
  message: string;
}

export interface WebhookPayloads {
  "message.status": MessageStatusData;
  "message.inbound": InboundMessageData;
  "campaign.status": CampaignStatusData;
  "campaign.alert": CampaignAlertData;
  "contact.updated": ContactUpdatedData;
  "contact.opted_out": ContactOptedOutData;
  "webhook.test": WebhookTestData;
}

/** The JSON body of a delivery: `id` is the event's (the same for every endpoint it goes to). */
export interface WebhookEnvelope<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> {
  id: string;
  type: E;
  createdAt: string;
  data: WebhookPayloads[E];
}
