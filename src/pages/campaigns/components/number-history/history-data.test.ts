import { describe, expect, it } from "vitest";
import type { NumberHistoryRecord, RecipientRecord } from "../../../../../contract";
import { historySummary, newestFirst, stepsOf } from "./history-data";

const recipient = (r: Partial<RecipientRecord>): RecipientRecord => ({
  _id: "1",
  campaignId: "c1",
  row: 1,
  number: "+919876543210",
  variables: [],
  state: "queued",
  reason: null,
  code: null,
  cost: 0,
  failedOver: false,
  failover: null,
  reply: null,
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  repliedAt: null,
  failedAt: null,
  ...r,
});
const record = (
  campaignId: string,
  channel: NumberHistoryRecord["channel"],
  r: Partial<RecipientRecord>,
  replies: string[] = [],
): NumberHistoryRecord => ({
  campaignId,
  campaignName: `Campaign ${campaignId}`,
  channel,
  templateName: "offer",
  recipient: recipient(r),
  replies: replies.map((text) => ({ text, at: "2026-11-23T10:06:00.000Z" })),
});

describe("stepsOf", () => {
  it("lists the times a message has, in the order they happened", () => {
    const steps = stepsOf(
      recipient({
        sentAt: "2026-11-23T10:00:00Z",
        deliveredAt: "2026-11-23T10:00:03Z",
        readAt: "2026-11-23T10:05:00Z",
        repliedAt: "2026-11-23T10:06:00Z",
      }),
    );
    expect(steps.map((s) => s.label)).toEqual(["Sent", "Delivered", "Read", "Replied"]);
  });

  it("shows a failure after the send, and nothing for a message never sent", () => {
    expect(
      stepsOf(recipient({ sentAt: "2026-11-23T10:00:00Z", failedAt: "2026-11-23T10:00:09Z" })).map((s) => s.label),
    ).toEqual(["Sent", "Failed"]);
    expect(stepsOf(recipient({}))).toEqual([]);
  });
});

describe("history", () => {
  const records = [
    record("a", "sms", { sentAt: "2026-11-20T10:00:00Z", cost: 0.25 }),
    record("b", "whatsapp", { sentAt: "2026-11-23T10:00:00Z", cost: 0.88 }, ["Yes, please", "When?"]),
    record("b", "whatsapp", { state: "skipped" }),
    record("c", "rcs", { sentAt: "2026-11-22T10:00:00Z", cost: 0.3 }),
  ];

  it("orders newest first, unsent last", () => {
    expect(newestFirst(records).map((r) => `${r.campaignId}:${r.recipient.state}`)).toEqual([
      "b:queued",
      "c:queued",
      "a:queued",
      "b:skipped",
    ]);
  });

  it("sums messages, campaigns, channels, cost to the paisa and replies", () => {
    expect(historySummary(records)).toEqual({
      messages: 4,
      campaigns: 3,
      channels: ["rcs", "sms", "whatsapp"],
      cost: 1.43,
      replies: 2,
    });
  });
});
