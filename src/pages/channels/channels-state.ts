import type { CallReply } from "../../api";

export const CHANNEL_KEYS = ["whatsapp", "rcs", "sms", "voice", "email"] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];
export type ChannelFlags = Record<ChannelKey, boolean>;

/** The channels an account connects things to; voice and email are flags only. */
export type ConnectableChannel = "whatsapp" | "rcs" | "sms";
/** How many WABAs, active RCS bots and active SMS accounts the account has: what each flag really has behind it. */
export type ChannelConnections = Record<ConnectableChannel, number>;

/** SPEC 3 "Channels": the flags and when they were last fetched (epoch ms); beside them, what is connected. */
export interface ChannelsState {
  data: ChannelFlags | null;
  connected: ChannelConnections | null;
  lastFetched: number | null;
}

export type ChannelsAction =
  | { type: "fetched"; data: CallReply<"channels.getIntegrations">["data"]; at: number }
  /** SPEC 4: on a failed fetch the channels data is cleared. */
  | { type: "failed" }
  /** SPEC 4: one channel's status changed locally (before the server has it, or to undo a failed save). */
  | { type: "setStatus"; channel: ChannelKey; enabled: boolean };

export const INITIAL_CHANNELS: ChannelsState = { data: null, connected: null, lastFetched: null };

const flagsOf = (data: ChannelFlags): ChannelFlags =>
  Object.fromEntries(CHANNEL_KEYS.map((k) => [k, data[k]])) as ChannelFlags;

export function channelsReducer(state: ChannelsState, action: ChannelsAction): ChannelsState {
  switch (action.type) {
    case "fetched":
      return { data: flagsOf(action.data), connected: action.data.connected, lastFetched: action.at };
    case "failed":
      return { ...state, data: null, connected: null };
    case "setStatus":
      return state.data ? { ...state, data: { ...state.data, [action.channel]: action.enabled } } : state;
  }
}

/** What a channel connects, as its status line names it: "WABA"/"WABAs" "connected", "bot"/"bots" "active". */
export interface ConnectsNoun {
  one: string;
  many: string;
  verb: string;
}

/**
 * The card's status line says what is connected, never what the switch says: a switched-on channel with no account
 * behind it is not connected, and voice and email (flags only) claim no connection at all.
 */
export function connectionStatus(
  connects: ConnectsNoun | undefined,
  connected: number | undefined,
): { badge: "success" | "warning" | "default"; text: string } {
  if (!connects || connected === undefined) return { badge: "default", text: "Flag only: nothing to connect yet" };
  if (connected === 0) return { badge: "warning", text: `No ${connects.one} ${connects.verb}` };
  return { badge: "success", text: `${connected} ${connected === 1 ? connects.one : connects.many} ${connects.verb}` };
}
