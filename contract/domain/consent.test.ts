import { describe, expect, it } from "vitest";
import { keywordChanges, providerErrorChange, sendDecision, type ConsentState } from "./consent";

const out = (channel: ConsentState["channel"], purpose: ConsentState["purpose"], at: string): ConsentState => ({
  channel,
  purpose,
  status: "opted_out",
  at,
});
const inn = (channel: ConsentState["channel"], purpose: ConsentState["purpose"], at: string): ConsentState => ({
  channel,
  purpose,
  status: "opted_in",
  at,
});

describe("keywordChanges", () => {
  it.each([
    ["STOP", "opted_out"],
    ["  unsubscribe ", "opted_out"],
    ["opt out", "opted_out"],
    ["बंद", "opted_out"],
    ["START", "opted_in"],
    ["unstop", "opted_in"],
    ["Shuru", "opted_in"],
  ] as const)("%j makes one all-channel %s event by keyword", (text, status) => {
    expect(keywordChanges(text)).toEqual([{ channel: "all", purpose: "any", status, method: "keyword" }]);
  });

  it.each(["stop sending me the weekly offers please", "Hello", "", "STOPP"])("%j makes no event", (text) => {
    expect(keywordChanges(text)).toEqual([]);
  });
});

describe("providerErrorChange", () => {
  it.each([
    ["whatsapp", "131050", { channel: "whatsapp", purpose: "marketing", status: "opted_out", method: "provider" }],
    ["whatsapp", " 131050 ", { channel: "whatsapp", purpose: "marketing", status: "opted_out", method: "provider" }],
    ["whatsapp", "131026", null],
    ["sms", "131050", null],
    ["whatsapp", null, null],
  ] as const)("%s code %j", (channel, code, change) => {
    expect(providerErrorChange(channel, code)).toEqual(change);
  });
});

describe("sendDecision", () => {
  const t1 = "2026-01-01T00:00:00.000Z";
  const t2 = "2026-02-01T00:00:00.000Z";
  it.each([
    ["no states", [], "sms", "marketing", false, "allowed"],
    ["no states, opt-in required on WhatsApp", [], "whatsapp", "marketing", true, "noOptIn"],
    ["no states, opt-in required applies to WhatsApp only", [], "sms", "marketing", true, "allowed"],
    ["STOP (all) blocks SMS", [out("all", "any", t1)], "sms", "any", false, "optedOut"],
    ["STOP (all) blocks WhatsApp", [out("all", "any", t1)], "whatsapp", "marketing", false, "optedOut"],
    ["START after STOP re-subscribes", [out("all", "any", t1), inn("all", "any", t2)], "rcs", "any", false, "allowed"],
    ["per-channel opt-out blocks that channel", [out("sms", "any", t1)], "sms", "marketing", false, "optedOut"],
    ["per-channel opt-out leaves others", [out("sms", "any", t1)], "whatsapp", "marketing", false, "allowed"],
    [
      "131050 blocks WhatsApp marketing",
      [out("whatsapp", "marketing", t1)],
      "whatsapp",
      "marketing",
      false,
      "optedOut",
    ],
    ["131050 leaves WhatsApp utility", [out("whatsapp", "marketing", t1)], "whatsapp", "any", false, "allowed"],
    ["131050 leaves SMS marketing", [out("whatsapp", "marketing", t1)], "sms", "marketing", false, "allowed"],
    [
      "WhatsApp opt-in satisfies the requirement",
      [inn("whatsapp", "any", t1)],
      "whatsapp",
      "marketing",
      true,
      "allowed",
    ],
    ["an all-channel opt-in satisfies it", [inn("all", "any", t1)], "whatsapp", "any", true, "allowed"],
    ["an SMS opt-in does not", [inn("sms", "any", t1)], "whatsapp", "marketing", true, "noOptIn"],
    [
      "opt-in then 131050",
      [inn("whatsapp", "any", t1), out("whatsapp", "marketing", t2)],
      "whatsapp",
      "marketing",
      true,
      "optedOut",
    ],
    [
      "STOP is not lifted by a one-channel opt-in",
      [out("all", "any", t1), inn("whatsapp", "any", t2)],
      "whatsapp",
      "any",
      false,
      "optedOut",
    ],
    [
      "START lifts an earlier 131050",
      [out("whatsapp", "marketing", t1), inn("all", "any", t2)],
      "whatsapp",
      "marketing",
      true,
      "allowed",
    ],
    [
      "an agent's WhatsApp opt-in lifts 131050",
      [out("whatsapp", "marketing", t1), inn("whatsapp", "any", t2)],
      "whatsapp",
      "marketing",
      false,
      "allowed",
    ],
  ] as const)("%s", (_name, states, channel, purpose, requireOptIn, decision) => {
    expect(sendDecision(states, channel, purpose, requireOptIn)).toBe(decision);
  });
});
