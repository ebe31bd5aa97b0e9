// The consent ledger's rules, written once for the server and the console: which events a customer's keyword reply
// or a provider's error makes, and whether a message may be sent given a number's current consent. The ledger itself
// (server/db/schema/consent.ts) is append-only; a number's state for a (channel, purpose) is its latest event.
// Decision (docs/decisions.md "Consent: STOP by keyword stops every channel"): a STOP keyword opts the number out of
// every channel, as the suppression list always did and as a customer texting STOP in India expects; an agent or the
// API can opt out of one channel; WhatsApp's 131050 opts out of WhatsApp marketing only.
import { optOutIntent } from "./campaigns";

export const CONSENT_CHANNELS = ["sms", "whatsapp", "rcs", "all"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_PURPOSES = ["marketing", "any"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_STATUSES = ["opted_in", "opted_out"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export const CONSENT_METHODS = ["form", "api", "keyword", "import", "agent", "complaint", "provider"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
/** Methods a person may record by hand or through the API (keyword and provider events come from the channels). */
export const RECORDABLE_METHODS = ["form", "api", "import", "agent", "complaint"] as const;
export type RecordableMethod = (typeof RECORDABLE_METHODS)[number];
/** The longest proof text kept with an event (a form's URL and time, an import file's name, an agent's note). */
export const CONSENT_PROOF_MAX = 500;

export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  sms: "SMS",
  whatsapp: "WhatsApp",
  rcs: "RCS",
  all: "All channels",
};
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = { marketing: "Marketing", any: "All messages" };
export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = { opted_in: "Opted in", opted_out: "Opted out" };
export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  form: "Form",
  api: "API",
  keyword: "Keyword reply",
  import: "Import",
  agent: "Agent",
  complaint: "Complaint",
  provider: "Provider",
};

/** Meta's error 131050: "Unable to deliver message. Reasons can include: The user has stopped marketing messages." */
export const WHATSAPP_MARKETING_STOPPED = "131050";

/** One event's effect: what it sets, for which channel and purpose. */
export interface ConsentChange {
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  status: ConsentStatus;
  method: ConsentMethod;
}

/** A number's current state for one (channel, purpose): its latest event. */
export interface ConsentState {
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  status: ConsentStatus;
  /** ISO time of the event; states are compared by it (a tie keeps the order the caller gave, later last). */
  at: string;
}

/**
 * The events a customer's reply makes: a STOP word opts out of every channel and purpose, a START word opts back in
 * to every channel (the same words the suppression list has always honoured); anything else makes none. The channel
 * the reply came on does not narrow it (see the decision above).
 */
export function keywordChanges(text: string): ConsentChange[] {
  const intent = optOutIntent(text);
  if (!intent) return [];
  const status: ConsentStatus = intent === "stop" ? "opted_out" : "opted_in";
  return [{ channel: "all", purpose: "any", status, method: "keyword" }];
}

/** The event a provider's failure code makes on a channel: WhatsApp 131050 opts out of WhatsApp marketing only. */
export function providerErrorChange(channel: string, code: string | null | undefined): ConsentChange | null {
  if (channel !== "whatsapp" || code?.trim() !== WHATSAPP_MARKETING_STOPPED) return null;
  return { channel: "whatsapp", purpose: "marketing", status: "opted_out", method: "provider" };
}

/** Whether a state speaks for a message on `channel` for `purpose` (an 'all'/'any' state speaks for every one). */
export const stateApplies = (
  state: Pick<ConsentState, "channel" | "purpose">,
  channel: string,
  purpose: ConsentPurpose,
) =>
  (state.channel === channel || state.channel === "all") &&
  (state.purpose === "any" || (state.purpose === "marketing" && purpose === "marketing"));

export type SendDecision = "allowed" | "optedOut" | "noOptIn";

/**
 * Whether a message on `channel` for `purpose` may go to a number with these current states. An all-channel opt-out
 * (STOP, the suppression list) holds until an all-channel opt-in (START, taken off the list) lifts it; otherwise the
 * latest state that applies decides. With `requireOptIn` (the account's WhatsApp setting, for business-initiated
 * WhatsApp messages) that state must be an opt-in; otherwise anything but an opt-out will do.
 */
export function sendDecision(
  states: readonly ConsentState[],
  channel: Exclude<ConsentChannel, "all">,
  purpose: ConsentPurpose,
  requireOptIn: boolean,
): SendDecision {
  const latestOf = (keep: (s: ConsentState) => boolean) =>
    states.reduce<ConsentState | null>((l, s) => (keep(s) && (!l || s.at >= l.at) ? s : l), null);
  if (latestOf((s) => s.channel === "all" && s.purpose === "any")?.status === "opted_out") return "optedOut";
  const latest = latestOf((s) => stateApplies(s, channel, purpose));
  if (latest?.status === "opted_out") return "optedOut";
  if (requireOptIn && channel === "whatsapp" && latest?.status !== "opted_in") return "noOptIn";
  return "allowed";
}
