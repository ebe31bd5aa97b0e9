import { describe, expect, it } from "vitest";
import type { CampaignRecord } from "../../../../../contract";
import { conversionRate } from "./conversions-card";

// The conversion rate counts people (converters) over the delivered, never conversions (one buyer's three orders).

const campaign = (counts: Partial<CampaignRecord["counts"]>) =>
  ({
    channel: "sms",
    total: 100,
    counts: {
      queued: 0,
      sending: 0,
      sent: 0,
      delivered: 0,
      read: 0,
      replied: 0,
      failed: 0,
      skipped: 0,
      failedOver: 0,
      ...counts,
    },
  }) as unknown as CampaignRecord;

describe("conversion rate", () => {
  it.each([
    ["people over the delivered, read and replied", { delivered: 30, read: 5, replied: 5 }, 3, 9, 7.5],
    ["rounded to one decimal", { delivered: 3 }, 1, 1, 33.3],
    ["nothing delivered yet", { sent: 10 }, 0, 0, null],
  ])("%s", (_name, counts, converters, conversions, rate) => {
    expect(conversionRate({ converters, conversions, revenuePaise: 0 }, campaign(counts))).toBe(rate);
  });
});
