import type { CallId, CarrierChannelRecord } from "../../../contract";

/** The calls that connect a provider, one per form. */
export type ConnectCall = "carrierChannels.connectRcs" | "carrierChannels.connectSmpp" | "carrierChannels.connectSmsHttp" | "carrierChannels.connectWhatsApp";
/** The calls that change a saved connection's settings. */
export type EditCall = "carrierChannels.editRcs" | "carrierChannels.editSmpp" | "carrierChannels.editSmsHttp" | "carrierChannels.update";

/**
 * What differs between the channel pages that hold provider connections (RCS, SMS, WhatsApp): which connections of
 * the one list are theirs, who may see them, which calls connect and edit, and how each page words its toasts.
 */
export interface CarrierChannelKit {
  /** The call the user must be allowed to run for the page to list connections at all. */
  manageCall: CallId;
  /** The connections of the shared list that belong on this page. */
  shows: (channel: CarrierChannelRecord) => boolean;
  /** The edit call of a connection (SMPP and HTTP SMS have their own). */
  editCall: (channel: CarrierChannelRecord) => EditCall;
  /** Fields an edit sends even when empty ("all": the form as typed; others drop empty fields to keep saved secrets). */
  keepEmpty: readonly string[] | "all";
  /** A Refine resource whose cached queries go stale when a connection changes (WhatsApp numbers appear as WABAs). */
  invalidates?: string;
  words: {
    listFailed: string;
    connectFailed: string;
    saveFailed: string;
    removedVerb: "Disconnected" | "Removed";
    removeFailed: string;
  };
}

/** Google RCS Business Messaging agents, one per bot: the admin-only connect call gates the section. */
export const RCS_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.connectRcs",
  shows: (c) => c.provider === "rcs_google",
  editCall: () => "carrierChannels.editRcs",
  keepEmpty: [],
  words: { listFailed: "Failed to fetch the RBM connections", connectFailed: "The agent could not be connected", saveFailed: "The agent could not be saved", removedVerb: "Disconnected", removeFailed: "The agent could not be disconnected" },
};

/** SMPP and HTTP SMS providers; an HTTP provider's empty "Before the key" is a value, not "keep the saved one". */
export const SMS_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.list",
  shows: (c) => c.channel === "sms",
  editCall: (c) => (c.provider === "smpp" ? "carrierChannels.editSmpp" : "carrierChannels.editSmsHttp"),
  keepEmpty: ["auth_prefix"],
  words: { listFailed: "Failed to fetch the SMS providers", connectFailed: "The provider could not be connected", saveFailed: "The provider could not be saved", removedVerb: "Disconnected", removeFailed: "The provider could not be disconnected" },
};

/** WhatsApp Cloud API numbers; their edit form is sent as typed. */
export const WHATSAPP_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.list",
  shows: (c) => c.provider === "whatsapp_cloud",
  editCall: () => "carrierChannels.update",
  keepEmpty: "all",
  invalidates: "wabas",
  words: { listFailed: "Failed to fetch the WhatsApp connections", connectFailed: "The number could not be connected", saveFailed: "The connection could not be saved", removedVerb: "Removed", removeFailed: "The connection could not be removed" },
};
