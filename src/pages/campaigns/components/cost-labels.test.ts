import { describe, expect, it } from "vitest";
import type { PreCheckRecord } from "../../../../contract/calls/campaign-records";
import type { CampaignRecord } from "../../../../contract";
import { estimateAsOf, holdLabel, perMessageLabel, spentByChannelLabel } from "./cost-labels";

type Estimate = PreCheckRecord["estimate"];
const estimate = (e: Partial<Estimate>): Estimate => ({
  channel: "whatsapp",
  perMessage: 0.13,
  segments: null,
  smsParts: 0,
  category: "UTILITY",
  expected: 0.13,
  failover: 0,
  total: 0.13,
  ...e,
});
const cost = (spent: number, failoverSpent: number): CampaignRecord["cost"] => ({
  estimated: 0,
  max: 0,
  held: 0,
  spent,
  failoverSpent,
});
const FAILOVER = { conditions: ["failed"], smsAccountId: "a", smsTemplateId: "t" };

describe("the cost split by channel", () => {
  it.each<[string, Partial<Estimate>, string, string]>([
    [
      "WhatsApp with SMS failover: the channel's price and the SMS reserve side by side",
      { smsParts: 3, failover: 0.75, total: 0.88 },
      "₹0.13 WhatsApp utility · SMS fallback ₹0.25 per SMS part",
      "₹0.13 WhatsApp utility + ₹0.75 SMS fallback reserve (3 SMS parts, if every message fails over) = ₹0.88",
    ],
    [
      "a thousand recipients: the hold's parts are totals",
      { perMessage: 0.88, category: "MARKETING", expected: 880, smsParts: 2000, failover: 500, total: 1380 },
      "₹0.88 WhatsApp marketing · SMS fallback ₹0.25 per SMS part",
      "₹880.00 WhatsApp marketing + ₹500.00 SMS fallback reserve (2,000 SMS parts, if every message fails over) = ₹1,380.00",
    ],
    [
      "RCS with failover",
      { channel: "rcs", category: null, perMessage: 0.3, expected: 0.3, smsParts: 1, failover: 0.25, total: 0.55 },
      "₹0.30 RCS · SMS fallback ₹0.25 per SMS part",
      "₹0.30 RCS + ₹0.25 SMS fallback reserve (1 SMS part, if every message fails over) = ₹0.55",
    ],
    ["WhatsApp without failover: one figure", {}, "₹0.13 WhatsApp utility", "₹0.13"],
    [
      "SMS: parts, no reserve",
      { channel: "sms", category: null, perMessage: 0.25, segments: 2, smsParts: 4, expected: 1, total: 1 },
      "₹0.50 (2 SMS parts)",
      "₹1.00",
    ],
  ])("%s", (_, e, perMessage, hold) => {
    expect(perMessageLabel(estimate(e))).toBe(perMessage);
    expect(holdLabel(estimate(e))).toBe(hold);
  });

  it.each<[string, Pick<CampaignRecord, "channel" | "failover" | "cost">, string | null]>([
    [
      "WhatsApp and its SMS failovers",
      { channel: "whatsapp", failover: FAILOVER, cost: cost(0.63, 0.5) },
      "₹0.13 WhatsApp + ₹0.50 SMS failover",
    ],
    [
      "RCS with failover, none failed over yet",
      { channel: "rcs", failover: FAILOVER, cost: cost(3, 0) },
      "₹3.00 RCS + ₹0.00 SMS failover",
    ],
    [
      "exact in paise where floats are not (0.3 - 0.1)",
      { channel: "whatsapp", failover: FAILOVER, cost: cost(0.3, 0.1) },
      "₹0.20 WhatsApp + ₹0.10 SMS failover",
    ],
    ["no failover: nothing to split", { channel: "sms", failover: null, cost: cost(5, 0) }, null],
  ])("spent: %s", (_, c, label) => {
    expect(spentByChannelLabel(c)).toBe(label);
  });
});

describe("a draft's estimate says when it was priced", () => {
  const at = "2026-12-06T09:30:00.000Z";
  const c = (status: CampaignRecord["status"], held: number, estimatedAt: string | null) => ({
    status,
    cost: { estimated: 1, max: 1, held, spent: 0, failoverSpent: 0, estimatedAt },
  });
  it.each<[string, ReturnType<typeof c>, boolean]>([
    ["a ready draft with its time", c("ready", 0, at), true],
    ["a draft still reading its audience", c("draft", 0, at), true],
    ["a ready draft without a time kept", c("ready", 0, null), false],
    ["a scheduled campaign holding money", c("scheduled", 1, at), false],
    ["a completed campaign", c("completed", 0, at), false],
  ])("%s", (_name, campaign, shown) => {
    const asOf = estimateAsOf(campaign);
    expect(asOf !== null).toBe(shown);
    if (asOf) {
      expect(asOf.label).toMatch(/^as of 6 Dec 2026/);
      expect(asOf.help).toMatch(/rate changed since/);
    }
  });
});
