import { describe, expect, it } from "vitest";
import type { CampaignRecord } from "../../../../../contract";
import { clickRate } from "./links-card";

const campaign = (counts: Partial<CampaignRecord["counts"]>, channel: CampaignRecord["channel"] = "sms") =>
  ({
    channel,
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
const links = (clickers: number) => ({ clickers, clicks: clickers, machineFetches: 0, devices: [] });

describe("click rate", () => {
  it.each([
    ["of the delivered, read and replied", { delivered: 30, read: 5, replied: 5 }, 8, 20],
    ["rounded to one decimal", { delivered: 3 }, 1, 33.3],
    ["nothing delivered yet", { sent: 10 }, 0, null],
  ])("%s", (_name, counts, clickers, rate) => {
    expect(clickRate(links(clickers), campaign(counts))).toBe(rate);
  });
});
