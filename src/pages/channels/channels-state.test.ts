import { describe, expect, it } from "vitest";
import {
  channelsReducer,
  connectionStatus,
  INITIAL_CHANNELS,
  type ChannelsAction,
  type ChannelsState,
} from "./channels-state";

const flags = { whatsapp: true, rcs: false, sms: true, voice: false, email: false };
const connected = { whatsapp: 1, rcs: 0, sms: 2 };
const loaded: ChannelsState = { data: flags, connected, lastFetched: 1000 };

describe("channelsReducer", () => {
  it.each<[string, ChannelsState, ChannelsAction, ChannelsState]>([
    [
      "a fetch keeps the flags and its time",
      INITIAL_CHANNELS,
      { type: "fetched", data: { ...flags, updatedAt: null, connected }, at: 5 },
      { data: flags, connected, lastFetched: 5 },
    ],
    [
      "a failed fetch clears the data, keeps lastFetched",
      loaded,
      { type: "failed" },
      { data: null, connected: null, lastFetched: 1000 },
    ],
    [
      "one channel changes locally",
      loaded,
      { type: "setStatus", channel: "rcs", enabled: true },
      { data: { ...flags, rcs: true }, connected, lastFetched: 1000 },
    ],
    [
      "a local change without data is ignored",
      INITIAL_CHANNELS,
      { type: "setStatus", channel: "sms", enabled: true },
      INITIAL_CHANNELS,
    ],
  ])("%s", (_name, state, action, expected) => {
    expect(channelsReducer(state, action)).toEqual(expected);
  });
});

describe("connectionStatus", () => {
  const waba = { one: "WABA", many: "WABAs", verb: "connected" };
  it.each<[string, Parameters<typeof connectionStatus>, ReturnType<typeof connectionStatus>]>([
    ["a channel with two WABAs", [waba, 2], { badge: "success", text: "2 WABAs connected" }],
    ["one WABA", [waba, 1], { badge: "success", text: "1 WABA connected" }],
    ["switched on with nothing behind it is not connected", [waba, 0], { badge: "warning", text: "No WABA connected" }],
    [
      "a flag-only channel (voice, email) claims no connection",
      [undefined, undefined],
      { badge: "default", text: "Flag only: nothing to connect yet" },
    ],
  ])("%s", (_name, args, expected) => {
    expect(connectionStatus(...args)).toEqual(expected);
  });
});
