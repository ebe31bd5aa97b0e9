import { ApiOutlined, GoogleOutlined } from "@ant-design/icons";
import type { ComponentType } from "react";
import type { CallId, CarrierChannelRecord } from "../../../contract";

/** The calls that connect a provider, one per form. */
export type ConnectCall =
  | "carrierChannels.connectRcs"
  | "carrierChannels.connectSmpp"
  | "carrierChannels.connectSmsHttp"
  | "carrierChannels.connectWhatsApp";
/** The calls that change a saved connection's settings. */
export type EditCall =
  "carrierChannels.editRcs" | "carrierChannels.editSmpp" | "carrierChannels.editSmsHttp" | "carrierChannels.update";

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
  /**
   * Fields an edit sends even when empty ("all": the form as typed; others drop empty fields to keep saved secrets).
   */
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
  /** How a connection's card reads (carrier-channels/channel-card.tsx). */
  card: {
    icon: ComponentType;
    /** A tag after the status naming the kind of connection, if the page has several or shares a list. */
    kindTag?: (channel: CarrierChannelRecord) => string;
    /** What the throughput applies to (a WhatsApp number, an SMPP bind, a Google agent). */
    per: (channel: CarrierChannelRecord) => string;
    /** The alert of a disconnected connection: what stops, the reason when the server has none, the fix's button. */
    down: { message: string; fallback: string; action: string };
    /** Removing: "Disconnect" is a labelled button, "Remove" an icon named by its aria label; and what it undoes. */
    remove: { verb: "Disconnect" | "Remove"; description: string };
  };
}

/** Google RCS Business Messaging agents, one per bot: the admin-only connect call gates the section. */
export const RCS_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.connectRcs",
  shows: (c) => c.provider === "rcs_google",
  editCall: () => "carrierChannels.editRcs",
  keepEmpty: [],
  words: {
    listFailed: "Failed to fetch the RBM connections",
    connectFailed: "The agent could not be connected",
    saveFailed: "The agent could not be saved",
    removedVerb: "Disconnected",
    removeFailed: "The agent could not be disconnected",
  },
  card: {
    icon: GoogleOutlined,
    per: () => "per agent",
    down: {
      message: "Nothing is sent through this agent",
      fallback: "Google refused the connection.",
      action: "Upload a new key",
    },
    remove: {
      verb: "Disconnect",
      description: "Its bot goes back to the sandbox; the service-account key and client token are deleted.",
    },
  },
};

/** SMPP and HTTP SMS providers; an HTTP provider's empty "Before the key" is a value, not "keep the saved one". */
export const SMS_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.list",
  shows: (c) => c.channel === "sms",
  editCall: (c) => (c.provider === "smpp" ? "carrierChannels.editSmpp" : "carrierChannels.editSmsHttp"),
  keepEmpty: ["auth_prefix"],
  words: {
    listFailed: "Failed to fetch the SMS providers",
    connectFailed: "The provider could not be connected",
    saveFailed: "The provider could not be saved",
    removedVerb: "Disconnected",
    removeFailed: "The provider could not be disconnected",
  },
  card: {
    icon: ApiOutlined,
    kindTag: (c) => (c.sms?.smpp ? "SMPP 3.4" : "HTTP"),
    // An SMPP bind has its own window; an HTTP provider is only capped.
    per: (c) => (c.sms?.smpp ? "per bind" : "at most"),
    down: {
      message: "Nothing is sent through this provider",
      fallback: "The provider refused the connection.",
      action: "Edit the credentials",
    },
    remove: { verb: "Disconnect", description: "Its sender ids go back to the sandbox; the credentials are deleted." },
  },
};

/** WhatsApp Cloud API numbers; their edit form is sent as typed. */
export const WHATSAPP_KIT: CarrierChannelKit = {
  manageCall: "carrierChannels.list",
  shows: (c) => c.provider === "whatsapp_cloud",
  editCall: () => "carrierChannels.update",
  keepEmpty: "all",
  invalidates: "wabas",
  words: {
    listFailed: "Failed to fetch the WhatsApp connections",
    connectFailed: "The number could not be connected",
    saveFailed: "The connection could not be saved",
    removedVerb: "Removed",
    removeFailed: "The connection could not be removed",
  },
  card: {
    icon: ApiOutlined,
    kindTag: () => "WhatsApp Cloud API",
    per: () => "per number",
    down: {
      message: "Nothing is sent through this number",
      fallback: "The connection was refused by Meta.",
      action: "Enter a new token",
    },
    remove: {
      verb: "Remove",
      description: "Its WhatsApp Business Account and number leave this console; nothing more is sent through them.",
    },
  },
};
