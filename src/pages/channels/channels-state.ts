import type { CallReply } from "../../api";

export const CHANNEL_KEYS = ["whatsapp", "rcs", "sms", "voice", "email"] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];
export type ChannelFlags = Record<ChannelKey, boolean>;

/** SPEC 3 "Channels": the flags and when they were last fetched (epoch ms). */
export interface ChannelsState {
  data: ChannelFlags | null;
  lastFetched: number | null;
}

export type ChannelsAction =
  | { type: "fetched"; data: CallReply<"channels.getIntegrations">["data"]; at: number }
  /** SPEC 4: on a failed fetch the channels data is cleared. */
  | { type: "failed" }
  /** SPEC 4: one channel's status changed locally (before the server has it, or to undo a failed save). */
  | { type: "setStatus"; channel: ChannelKey; enabled: boolean };

export const INITIAL_CHANNELS: ChannelsState = { data: null, lastFetched: null };

const flagsOf = (data: ChannelFlags): ChannelFlags => Object.fromEntries(CHANNEL_KEYS.map((k) => [k, data[k]])) as ChannelFlags;

export function channelsReducer(state: ChannelsState, action: ChannelsAction): ChannelsState {
  switch (action.type) {
    case "fetched":
      return { data: flagsOf(action.data), lastFetched: action.at };
    case "failed":
      return { ...state, data: null };
    case "setStatus":
      return state.data ? { ...state, data: { ...state.data, [action.channel]: action.enabled } } : state;
  }
}
