import { describe, expect, it } from "vitest";
import type { CampaignFailover } from "../../db/schema";
import { recipientSmsParts, smsPartsPlan } from "./parts";

// One recipient's SMS parts, counted from the values it will be sent with: GSM-7 160/153 characters per part,
// UCS-2 (any character outside GSM-7, e.g. Devanagari) 70/67 (contract/domain/sms-segments.ts).
const BODY = `${"b".repeat(120)} {#var#}`; // 121 fixed characters + the value
const failover = (params: string[], conditions: CampaignFailover["conditions"] = ["failed"]): CampaignFailover => ({
  conditions,
  smsAccountId: "a",
  smsTemplateId: "t",
  params,
});

describe("recipientSmsParts", () => {
  it.each<[string, Parameters<typeof smsPartsPlan>[0], string | undefined, (string | null)[] | null, number]>([
    ["SMS, a short GSM value: 1 part", { channel: "sms", variables: ["{{name}}"], failover: null }, BODY, ["Asha"], 1],
    // 121 + 30 = 151 ≤ 160: the old estimate's 30-character worst case is one part too, and a 40-character value
    // (not on a DLT route) takes two.
    [
      "SMS, a 40-character GSM value: 2 parts",
      { channel: "sms", variables: ["{{name}}"], failover: null },
      BODY,
      ["x".repeat(40)],
      2,
    ],
    // One Devanagari letter makes the whole body UCS-2: 125 characters at 67 per part = 2 parts.
    [
      "SMS, a Unicode value: UCS-2, 2 parts",
      { channel: "sms", variables: ["{{name}}"], failover: null },
      BODY,
      ["आशा"],
      2,
    ],
    ["SMS, a fixed value", { channel: "sms", variables: ["Asha"], failover: null }, BODY, null, 1],
    ["SMS, an empty body still costs one part", { channel: "sms", variables: [], failover: null }, "", null, 1],
    [
      "WhatsApp with failover: the failover SMS's parts, its {{column}} taken from the campaign variable naming it",
      { channel: "whatsapp", variables: ["{{name}}"], failover: failover(["{{name}}"]) },
      BODY,
      ["नमस्ते जी"],
      2,
    ],
    [
      "WhatsApp with failover, a GSM value: 1 part",
      { channel: "whatsapp", variables: ["{{name}}"], failover: failover(["{{name}}"]) },
      BODY,
      ["Ravi"],
      1,
    ],
    [
      "RCS with failover, a fixed param",
      { channel: "rcs", variables: [], failover: failover(["x".repeat(40)]) },
      BODY,
      null,
      2,
    ],
    [
      "WhatsApp without failover: no SMS",
      { channel: "whatsapp", variables: ["{{name}}"], failover: null },
      BODY,
      ["Ravi"],
      0,
    ],
    [
      "WhatsApp with failover but no condition: no SMS",
      { channel: "whatsapp", variables: [], failover: failover([], []) },
      BODY,
      null,
      0,
    ],
    ["SMS template gone: nothing to count", { channel: "sms", variables: [], failover: null }, undefined, null, 0],
  ])("%s", (_name, campaign, body, values, parts) => {
    expect(recipientSmsParts(smsPartsPlan(campaign, body), values)).toBe(parts);
  });
});
