import { describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE } from "../../../contract/domain/campaigns";
import { estimateCost, longestSmsFill, type EstimateInput } from "./estimate";
import { smsWindowAt } from "./sms-window";

const rates = { ...DEFAULT_RATES_PAISE };
// 400 GSM characters: 3 segments of 153.
const THREE_PARTS = "a".repeat(400);

describe("estimateCost (paise, integers only)", () => {
  it.each<[string, EstimateInput, { per: number; segments: number | null; failover: number; total: number }]>([
    ["SMS, 3 segments × ₹0.25 × 1,234", { channel: "sms", sendable: 1234, rates, smsBody: THREE_PARTS }, { per: 75, segments: 3, failover: 0, total: 92_550 }],
    ["SMS, one segment", { channel: "sms", sendable: 10, rates, smsBody: "Your order has shipped." }, { per: 25, segments: 1, failover: 0, total: 250 }],
    // 130 + 30 (a per-row value at DLT's 30-character cap) = 160: still one part; 131 + 30 = 161: two.
    ["SMS, per-row variable at 30 chars fits 160", { channel: "sms", sendable: 1, rates, smsBody: `${"b".repeat(130)}{#var#}`, smsVariables: ["{{name}}"] }, { per: 25, segments: 1, failover: 0, total: 25 }],
    ["SMS, per-row variable at 30 chars spills to 2", { channel: "sms", sendable: 1, rates, smsBody: `${"b".repeat(131)}{#var#}`, smsVariables: ["{{name}}"] }, { per: 50, segments: 2, failover: 0, total: 50 }],
    ["SMS, a fixed value is priced as it is", { channel: "sms", sendable: 1, rates, smsBody: `${"b".repeat(131)}{#var#}`, smsVariables: ["ok"] }, { per: 25, segments: 1, failover: 0, total: 25 }],
    ["SMS, Unicode body (UCS-2, 70 per part)", { channel: "sms", sendable: 3, rates, smsBody: "न".repeat(71) }, { per: 50, segments: 2, failover: 0, total: 150 }],
    ["WhatsApp marketing × 1,234", { channel: "whatsapp", sendable: 1234, rates, category: "MARKETING" }, { per: 88, segments: null, failover: 0, total: 108_592 }],
    ["WhatsApp utility × 1,234", { channel: "whatsapp", sendable: 1234, rates, category: "UTILITY" }, { per: 13, segments: null, failover: 0, total: 16_042 }],
    [
      "WhatsApp marketing with SMS failover: worst case every recipient fails over (2-part SMS)",
      { channel: "whatsapp", sendable: 1234, rates, category: "MARKETING", failover: { smsBody: "c".repeat(200), params: [] } },
      { per: 88, segments: null, failover: 50, total: 1234 * 138 },
    ],
    ["RCS flat", { channel: "rcs", sendable: 7, rates }, { per: 30, segments: null, failover: 0, total: 210 }],
    [
      "RCS with SMS failover: the same worst case (a per-row value at 30 characters, one part)",
      { channel: "rcs", sendable: 7, rates, failover: { smsBody: "Dear {#var#}, your code is {#var#}.", params: ["{{name}}", "4321"] } },
      { per: 30, segments: null, failover: 25, total: 7 * 55 },
    ],
    ["custom rate ₹0.29 (no float drift)", { channel: "sms", sendable: 100, rates: { ...rates, sms: 29 }, smsBody: "hi" }, { per: 29, segments: 1, failover: 0, total: 2900 }],
  ])("%s", (_name, input, expected) => {
    const estimate = estimateCost(input);
    expect(estimate).toMatchObject({ perMessagePaise: expected.per, segments: expected.segments, failoverPerMessagePaise: expected.failover, totalPaise: expected.total });
    expect(Number.isInteger(estimate.totalPaise)).toBe(true);
  });

  it("fills each placeholder by position: fixed text, per-row at its longest", () => {
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
