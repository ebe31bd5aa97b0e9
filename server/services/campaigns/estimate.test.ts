import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "../../../contract/domain/charging";
import { estimateCost, longestSmsFill, type EstimateInput } from "./estimate";
import { smsWindowAt } from "./sms-window";

const rates = { ...DEFAULT_RATES };
const promo = { ...DEFAULT_RATES, sms_promotional: 40, sms_transactional: 22 };

describe("estimateCost (paise, integers only): sums of the parts counted per recipient", () => {
  it.each<
    [string, EstimateInput, { per: number; segments: number | null; failover: number; expected: number; total: number }]
  >([
    [
      "SMS, 3 parts each × ₹0.25 × 1,234",
      { channel: "sms", sendable: 1234, rates, smsParts: 3 * 1234 },
      { per: 25, segments: 3, failover: 0, expected: 92_550, total: 92_550 },
    ],
    [
      "SMS, one part each",
      { channel: "sms", sendable: 10, rates, smsParts: 10 },
      { per: 25, segments: 1, failover: 0, expected: 250, total: 250 },
    ],
    // Two recipients of one part and one of three (a long Unicode value): 5 parts, no "per message" count.
    [
      "SMS, parts differ by recipient",
      { channel: "sms", sendable: 3, rates, smsParts: 5 },
      { per: 25, segments: null, failover: 0, expected: 125, total: 125 },
    ],
    // SMS by DLT category (issue 37): the template's category's rate, for the SMS itself and for a failover.
    [
      "SMS, promotional template at ₹0.40 a part",
      { channel: "sms", sendable: 10, rates: promo, smsParts: 20, smsCategory: "promotional" },
      { per: 40, segments: 2, failover: 0, expected: 800, total: 800 },
    ],
    [
      "SMS, transactional template at its own ₹0.22",
      { channel: "sms", sendable: 10, rates: promo, smsParts: 10, smsCategory: "transactional" },
      { per: 22, segments: 1, failover: 0, expected: 220, total: 220 },
    ],
    [
      "WhatsApp marketing with a promotional SMS failover",
      {
        channel: "whatsapp",
        sendable: 10,
        rates: promo,
        category: "MARKETING",
        failover: true,
        smsParts: 10,
        smsCategory: "promotional",
      },
      { per: 88, segments: null, failover: 400, expected: 880, total: 1280 },
    ],
    [
      "WhatsApp marketing × 1,234",
      { channel: "whatsapp", sendable: 1234, rates, category: "MARKETING", smsParts: 0 },
      { per: 88, segments: null, failover: 0, expected: 108_592, total: 108_592 },
    ],
    [
      "WhatsApp utility × 1,234",
      { channel: "whatsapp", sendable: 1234, rates, category: "UTILITY", smsParts: 0 },
      { per: 13, segments: null, failover: 0, expected: 16_042, total: 16_042 },
    ],
    [
      "WhatsApp marketing with SMS failover: the maximum adds every recipient's failover parts, the estimate does not",
      { channel: "whatsapp", sendable: 1234, rates, category: "MARKETING", failover: true, smsParts: 2 * 1234 },
      { per: 88, segments: null, failover: 1234 * 50, expected: 1234 * 88, total: 1234 * 138 },
    ],
    [
      "RCS flat",
      { channel: "rcs", sendable: 7, rates, smsParts: 0 },
      { per: 30, segments: null, failover: 0, expected: 210, total: 210 },
    ],
    [
      "RCS with SMS failover",
      { channel: "rcs", sendable: 7, rates, failover: true, smsParts: 8 },
      { per: 30, segments: null, failover: 200, expected: 210, total: 410 },
    ],
    [
      "custom rate ₹0.29 (no float drift)",
      { channel: "sms", sendable: 100, rates: { ...rates, sms: 29 }, smsParts: 100 },
      { per: 29, segments: 1, failover: 0, expected: 2900, total: 2900 },
    ],
  ])("%s", (_name, input, expected) => {
    const estimate = estimateCost(input);
    expect(estimate).toMatchObject({
      perMessagePaise: expected.per,
      segments: expected.segments,
      failoverPaise: expected.failover,
      expectedPaise: expected.expected,
      totalPaise: expected.total,
    });
    expect(Number.isInteger(estimate.totalPaise)).toBe(true);
  });

  it("fills each placeholder by position for rows without counted parts: fixed text, per-row at its longest", () => {
    expect(longestSmsFill("A {#var#} B {#var#}", ["x1", "{{col}}"])).toBe(`A x1 B ${"x".repeat(30)}`);
  });
});

describe("smsWindowAt (10:00–21:00 Asia/Kolkata)", () => {
  const config = { start: "10:00", end: "21:00" };
  it.each([
    ["open at 10:00 IST", "2026-11-23T04:30:00Z", true, null],
    ["open at 20:59 IST", "2026-11-23T15:29:00Z", true, null],
    ["closed at 21:00 IST: opens tomorrow 10:00 IST", "2026-11-23T15:30:00Z", false, "2026-11-24T04:30:00.000Z"],
    ["closed at 09:59 IST: opens today 10:00 IST", "2026-11-23T04:29:00Z", false, "2026-11-23T04:30:00.000Z"],
    ["closed late on the last day of a month", "2026-11-30T20:00:00Z", false, "2026-12-01T04:30:00.000Z"],
  ])("%s", (_name, at, open, next) => {
    const state = smsWindowAt(new Date(at), config);
    expect(state.openNow).toBe(open);
    expect(state.nextOpenAt?.toISOString() ?? null).toBe(next);
  });
});
