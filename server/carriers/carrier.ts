// The one interface every carrier adapter implements: the sandbox (default), WhatsApp Cloud API, and later SMPP/HTTP
// SMS and Google RCS Business Messaging. Services and jobs talk only to this; the app's carrier is a router
// (router/) that hands each call to the adapter of the channel serving its sender, the sandbox by default.
// Calls that a provider answers later (template review, receipts, replies) come back as CarrierEvents, which the
// server turns into row updates and socket pushes. Polling methods (templateStatus) exist because webhooks get lost.

export type Channel = "sms" | "whatsapp" | "rcs";

/** A template's header media for one send: a link the provider fetches, or a media id uploaded before. */
export interface TemplateHeaderMedia {
  format: "image" | "video" | "document";
  link?: string;
  mediaId?: string;
  /** Documents: the file name the customer sees. */
  fileName?: string;
}

/** A button of a sent template that takes a value: a URL button's dynamic suffix, a quick reply's payload. */
export interface TemplateButtonParam {
  /** The button's position among the template's buttons (0-based), as the provider counts them. */
  index: number;
  subType: "url" | "quick_reply";
  value: string;
}

/** A reply button or a list row of an interactive message. */
export interface InteractiveChoice {
  id: string;
  title: string;
  description?: string;
}

/** What a message carries; each adapter maps it to its provider's payload. */
export type MessageContent =
  /** `dltTemplateId`: India DLT, the registered template this text fills (its sms_templates row's); providers take it
   *  with each message (SMPP as an optional TLV, MSG91 as DLT_TE_ID), the entity id coming from the channel. */
  | { kind: "text"; text: string; dltTemplateId?: string }
  | {
      kind: "template";
      templateName: string;
      language: string;
      /** The body's variables, {{1}} first. */
      params: readonly string[];
      /** The header's media (image, video, document templates) or its one text variable. */
      header?: TemplateHeaderMedia | { format: "text"; params: readonly string[] };
      buttons?: readonly TemplateButtonParam[];
    }
  /** `mediaId`: the provider's id of media uploaded before (WhatsApp's POST /{phone-number-id}/media), sent instead of
   *  the link; RCS names an uploaded file in `mediaUrl` ("files/…"). */
  | { kind: "media"; mediaUrl: string; mediaId?: string; mimeType: string; caption?: string; fileName?: string }
  /** Reply buttons (up to 3) or a list (a button opening sections of rows); WhatsApp's interactive messages. */
  | {
      kind: "interactive";
      body: string;
      header?: string;
      footer?: string;
      buttons?: readonly InteractiveChoice[];
      list?: { button: string; sections: readonly { title: string; rows: readonly InteractiveChoice[] }[] };
    }
  /** An RCS rich message: the template draft of SPEC 3 (text, standalone card or carousel). */
  | { kind: "rcs"; draft: unknown };

export interface OutboundMessage {
  /** Our message id: the idempotency key (a provider that sees it twice must not deliver twice). */
  id: string;
  channel: Channel;
  /** The sender: SMS header / sender id, WhatsApp phone number id, RCS bot id. */
  from: string;
  /** Recipient in E.164. */
  to: string;
  content: MessageContent;
  /** Where the recipient's answer arrives when `from` cannot take one (an Indian DLT SMS header is one-way: replies
   *  go to the SMS account's long code or virtual number). */
  replyTo?: string;
  /** RCS: revoke the message if it is not delivered within this long (at most; a channel's own TTL may be shorter). */
  ttlSeconds?: number;
  /**
   * Aborted when the sender no longer wants the message sent (its campaign was paused). An adapter that queues sends
   * before they reach the provider (SMPP's window of outstanding submits) drops a queued one, answering a retryable
   * refusal with the code WITHDRAWN; a message already handed to the provider goes on. Adapters that hand every send
   * over at once ignore it.
   */
  signal?: AbortSignal;
}

/** The refusal code of a send withdrawn before it reached the provider (OutboundMessage.signal). */
export const WITHDRAWN = "withdrawn";

/**
 * What a retryable refusal asks of the sender: "sender" (the default) slow the whole sender down (WhatsApp 130429,
 * SMPP ESME_RTHROTTLED); "recipient" try this recipient again later, others go on (WhatsApp 131056, the pair limit);
 * "channel" the connection itself is broken (expired token): stop sending through it until someone fixes it.
 */
export type RetryScope = "sender" | "recipient" | "channel";

export type SendResult =
  | { accepted: true; providerMessageId: string }
  /** Refused at submit: `code` is the provider's (e.g. 131026, 130429), `retryable` says whether to try again later. */
  | { accepted: false; code: string; reason: string; retryable: boolean; retry?: RetryScope; retryAfterMs?: number };

/** How a sender is to be sent through: set by the channel that serves it (the router answers per sender). */
export interface SenderProfile {
  /** Whether this sender's provider deduplicates by our message id (see Carrier.idempotentSends). */
  idempotentSends: boolean;
  /** Messages per second this sender may send (WhatsApp: per phone number, default 80); unset: the dispatcher's. */
  perSecond?: number;
  /**
   * India DLT: the sender's SMS channel sends under a principal entity id, so operators scrub every message against
   * the registered templates and each must carry its template's DLT id (MessageContent's dltTemplateId): free text
   * cannot go out through it.
   */
  dltTemplates?: boolean;
}

export type ReceiptStatus = "sent" | "delivered" | "read" | "failed";

export type TemplateStatus = "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED";

export interface TemplateSubmission {
  channel: "whatsapp";
  /** The account's WABA at the provider. */
  wabaId: string;
  name: string;
  language: string;
  category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
  /** Meta's components array (HEADER, BODY, FOOTER, BUTTONS), already checked by contract/domain's rules. */
  components: readonly unknown[];
}

export interface TemplateReview {
  status: TemplateStatus;
  /** The category the provider settled on: a UTILITY template with marketing content comes back MARKETING. */
  category?: TemplateSubmission["category"];
  /** Why it was rejected, paused or disabled, in the provider's words. */
  reason?: string;
}

/** A template as the provider lists it (a real WABA may hold templates made elsewhere, in WhatsApp Manager). */
export interface ProviderTemplate {
  providerTemplateId: string;
  name: string;
  language: string;
  category: TemplateSubmission["category"];
  review: TemplateReview;
  components: readonly unknown[];
}

export interface MediaUpload {
  channel: Channel;
  /** WABA id or RCS bot id the media is for. */
  owner: string;
  /**
   * "template" (default): a handle for a template's header example (WhatsApp's Resumable Upload API);
   * "message": a media id to send in messages (WhatsApp's POST /{phone-number-id}/media).
   */
  purpose?: "template" | "message";
  bytes: Uint8Array;
  /** Sniffed from the bytes by the server, never taken from the file name. */
  mimeType: string;
  fileName: string;
  /** A WebP sticker with frames (WhatsApp allows it 500 KB, a still one 100 KB). */
  animated?: boolean;
}

/** A customer's file as the provider names it in an inbound message. */
export interface InboundMedia {
  kind: "image" | "video" | "audio" | "document" | "sticker";
  /** WhatsApp: the media id (GET /{media-id} answers a short-lived download URL). */
  id?: string;
  /** RCS: the userFile's fileUri. */
  url?: string;
  mimeType?: string;
  fileName?: string;
}

export interface MediaDownload {
  channel: Channel;
  /** The business address it was sent to (routes the call to that address's channel). */
  to: string;
  media: InboundMedia;
  maxBytes: number;
  signal?: AbortSignal;
}

export interface CapabilityCheck {
  channel: "rcs" | "whatsapp";
  to: string;
  /** RCS: the bot that would send (a 403 at Google means "not launched on this user's carrier"). */
  from?: string;
}

export type Capability =
  { capable: true } | { capable: false; reason: "not-on-channel" | "not-launched-on-carrier" | "unknown" };

export interface WhatsAppPhoneNumber {
  /** The provider's phone number id (the sender of WhatsApp messages). */
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: "GREEN" | "YELLOW" | "RED" | "UNKNOWN";
}

export interface WabaConnection {
  wabaId: string;
  name: string;
  phoneNumbers: readonly WhatsAppPhoneNumber[];
}

export type RcsUseCase = "OTP" | "TRANSACTIONAL" | "PROMOTIONAL" | "MULTI_USE";

/** Launch state of an RCS bot on one mobile carrier (Google RBM launches per carrier). */
export type RcsLaunchState = "UNLAUNCHED" | "PENDING" | "LAUNCHED" | "REJECTED" | "SUSPENDED";

/** One carrier's verdict on a bot; a rejection or suspension says why, in the carrier's words. */
export interface RcsLaunch {
  state: RcsLaunchState;
  reason?: string;
}

/**
 * A registered bot as the provider knows it; the time lets a stateless adapter (the sandbox) answer after a restart.
 */
export interface RcsBotRef {
  providerBotId: string;
  registeredAt: Date;
}

export interface RcsBotRegistration {
  name: string;
  description: string;
  useCase: RcsUseCase;
  brandColor: string;
  logoUrl?: string;
  bannerUrl?: string;
  phone?: string;
  website?: string;
  privacyUrl?: string;
  termsUrl?: string;
}

export type CarrierEvent =
  /** `messageId` is our message id when the provider echoes it back (WhatsApp's biz_opaque_callback_data, the
   *  sandbox): it lets a receipt reconcile a send whose answer was lost (an `unknown` recipient). */
  | {
      type: "receipt";
      providerMessageId: string;
      messageId?: string;
      status: ReceiptStatus;
      code?: string;
      reason?: string;
      at: Date;
    }
  /** `channelId`: the provider channel (SMPP, HTTP SMS) that received it; the inbox then answers `to` through it, and
   *  takes it only when `to` is an address of that channel's own account. Absent for the sandbox's. */
  | {
      type: "inbound";
      channel: Channel;
      from: string;
      to: string;
      text: string;
      mediaUrl?: string;
      /** A file the customer sent, to fetch from the provider (chats/inbound-media.ts). */
      media?: InboundMedia;
      /**
       * What a tapped choice carries besides its text: WhatsApp's interactive button_reply.id (or a template quick
       * reply's payload), RBM's suggestionResponse.postbackData. A survey answer is read from it first.
       */
      payload?: string;
      at: Date;
      channelId?: string;
    }
  | { type: "template"; providerTemplateId: string; review: TemplateReview; at: Date };

export type CarrierListener = (event: CarrierEvent) => void | Promise<void>;

/**
 * Hands an event to every listener and settles once all have: rejects (with the first failure, after every listener
 * has had the event) when one of them did not store it, so whoever acknowledges the provider can refuse instead and
 * have the event delivered again. Callers that acknowledge nothing (a receipt played by the sandbox) catch it.
 */
export function emitToAll(listeners: Iterable<CarrierListener>, event: CarrierEvent): Promise<void> {
  return allStored([...listeners].map(async (listener) => listener(event)));
}

/** Waits for every one of `stores`; rejects with the first failure once all have settled. */
export async function allStored(stores: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(stores);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

export interface Carrier {
  /** "sandbox", "whatsapp-cloud", "smpp", "rbm"… shown in logs and the API docs. */
  readonly name: string;
  /**
   * Whether the provider takes OutboundMessage.id as an idempotency key (the same id sent twice is delivered once):
   * then a send whose outcome was lost is retried with the same id; otherwise it is never re-sent (state `unknown`).
   */
  readonly idempotentSends: boolean;
  send(message: OutboundMessage): Promise<SendResult>;
  /**
   * The profile of one sender: a router of several adapters answers from the channel serving it. Without it,
   * `idempotentSends` holds for every sender and the dispatcher's own rates apply.
   */
  describeSender?(sender: { channel: Channel; from: string }): Promise<SenderProfile>;
  /** Submits a template for review; the answer is PENDING with the provider's id, the verdict comes later. */
  submitTemplate(template: TemplateSubmission): Promise<{ providerTemplateId: string; review: TemplateReview }>;
  /**
   * The review's current state. The submission and its time are passed too, so a stateless adapter (the sandbox)
   * can answer after a restart; real adapters read only the id.
   */
  templateStatus(ref: {
    providerTemplateId: string;
    submission: TemplateSubmission;
    submittedAt: Date;
  }): Promise<TemplateReview>;
  /** Every template of a WABA at the provider; a carrier that keeps none (the sandbox) lacks it. */
  listTemplates?(wabaId: string): Promise<ProviderTemplate[]>;
  /** Deletes every language of a template name at the provider (Meta deletes by name). */
  deleteTemplate?(ref: { wabaId: string; name: string }): Promise<void>;
  /** Uploads media to the provider; the handle goes into a template header or a message. */
  uploadMedia(media: MediaUpload): Promise<{ handle: string }>;
  /**
   * A customer's file, fetched at once (WhatsApp's download link lasts about 5 minutes): at most `maxBytes`, else
   * MediaRefused; a provider that no longer has it throws MediaGone. A carrier without received media lacks it.
   */
  downloadMedia?(request: MediaDownload): Promise<{ bytes: Buffer; mimeType?: string }>;
  checkCapability(check: CapabilityCheck): Promise<Capability>;
  /**
   * Connects a WhatsApp Business Account: the sandbox makes one up; the real adapter exchanges Embedded Signup's code.
   */
  onboardWhatsApp(request: { accountId: string; code?: string }): Promise<WabaConnection>;
  /** Registers an RCS bot (agent) with the provider; the answer has its id and launch state per carrier. */
  registerRcsBot(bot: RcsBotRegistration): Promise<RcsBotRef & { launch: Record<string, RcsLaunch> }>;
  /** Launch state per carrier name (Jio, Airtel, Vi, BSNL in India). */
  rcsLaunchState(bot: RcsBotRef): Promise<Record<string, RcsLaunch>>;
  /**
   * The simulated customer phone: delivers a message as if a customer had written it. Only the sandbox has it; with a
   * real carrier customers write from their own phones.
   */
  simulateInbound?(message: {
    channel: Channel;
    from: string;
    to: string;
    text: string;
    mediaUrl?: string;
    /** A tapped button's id or chip's postback, as the providers' webhooks carry it. */
    payload?: string;
  }): Promise<void>;
  /**
   * Receipts, inbound messages and template verdicts; returns the unsubscribe function. A listener may answer a promise
   * that settles once it has stored the event: a webhook (and the simulated phone) answers the provider only then, so
   * an acknowledged message survives a crash of this process (the provider retries what was not acknowledged). A
   * listener that could not store it rejects: the provider is refused and delivers the event again.
   */
  onEvent(listener: CarrierListener): () => void;
  /** Stops timers and connections (the server's close waits for it). */
  close(): Promise<void>;
}
