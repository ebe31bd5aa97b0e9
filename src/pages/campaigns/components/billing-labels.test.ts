import { describe, expect, it } from "vitest";
import type { CampaignRecord } from "../../../../contract";
import { setDisplayTimeZone } from "../../../shell/format";
import { billingLabel } from "./billing-labels";

const at = "2026-12-05T09:40:00.000Z"; // 3:10 pm in India

describe("billingLabel", () => {
  setDisplayTimeZone("Asia/Kolkata");
  it.each<[string, CampaignRecord["channel"], CampaignRecord["billing"], string]>([
    [
      "SMS on submission",
      "sms",
      { basis: "submitted", settledAt: null, settlesBy: null },
      "Per SMS part submitted to the operator",
    ],
    [
      "SMS on delivery, running",
      "sms",
      { basis: "delivered", settledAt: null, settlesBy: null },
      "Per SMS part delivered: one with no delivery receipt within 3 days of sending is given back; a failed one at once",
    ],
    [
      "WhatsApp ended, not settled",
      "whatsapp",
      { basis: "delivered", settledAt: null, settlesBy: at },
      "Per delivered message: one not delivered by 5 Dec 2026, 3:10 pm is given back; a delivery after that is not charged",
    ],
    [
      "RCS settled",
      "rcs",
      { basis: "delivered", settledAt: at, settlesBy: null },
      "Per delivered message · settled 5 Dec 2026, 3:10 pm",
    ],
  ])("%s", (_name, channel, billing, expected) => {
    expect(billingLabel({ channel, billing })).toBe(expected);
  });
});
