import { describe, expect, it } from "vitest";
import { channelsReducer, INITIAL_CHANNELS, type ChannelsAction, type ChannelsState } from "./channels-state";

const flags = { whatsapp: true, rcs: false, sms: true, voice: false, email: false };
const loaded: ChannelsState = { data: flags, lastFetched: 1000 };

describe("channelsReducer", () => {
  it.each<[string, ChannelsState, ChannelsAction, ChannelsState]>([
    ["a fetch keeps the flags and its time", INITIAL_CHANNELS, { type: "fetched", data: { ...flags, updatedAt: null }, at: 5 }, { data: flags, lastFetched: 5 }],
    ["a failed fetch clears the data, keeps lastFetched", loaded, { type: "failed" }, { data: null, lastFetched: 1000 }],
    ["one channel changes locally", loaded, { type: "setStatus", channel: "rcs", enabled: true }, { data: { ...flags, rcs: true }, lastFetched: 1000 }],
    ["a local change without data is ignored", INITIAL_CHANNELS, { type: "setStatus", channel: "sms", enabled: true }, INITIAL_CHANNELS],
  ])("%s", (_name, state, action, expected) => {
    expect(channelsReducer(state, action)).toEqual(expected);
  });
});
