import { describe, expect, it } from "vitest";
import type { RecipientCounts } from "../../../../../contract/domain/campaigns";
import { setDisplayTimeZone } from "../../../../shell/format";
import {
  channelCalls,
  errorRows,
  funnelOf,
  ownerActions,
  pausingNote,
  progressSlices,
  shapeTimeline,
  stillSettling,
  withProgress,
} from "./report-data";

const counts = (c: Partial<RecipientCounts>): RecipientCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  unknown: 0,
  skipped: 0,
  failedOver: 0,
  ...c,
});

describe("funnelOf", () => {
  // 1000 recipients: 30 only sent, 500 delivered, 300 read, 50 replied, 40 failed (10 of them failed over), 80 waiting.
  const c = counts({ sent: 30, delivered: 500, read: 300, replied: 50, failed: 40, failedOver: 10, queued: 80 });

  it("counts each stage as those that reached it or went further", () => {
    const stages = funnelOf(c, 1000, "whatsapp");
    expect(stages.map((s) => [s.key, s.count])).toEqual([
      ["sent", 880],
      ["delivered", 850],
      ["read", 350],
      ["replied", 50],
      ["failed", 40],
      ["failedOver", 10],
    ]);
    expect(stages.map((s) => s.percent)).toEqual([88, 85, 35, 5, 4, 1]);
  });

  it("has no read stage for SMS (no read receipts) and failover only on WhatsApp and RCS", () => {
    expect(funnelOf(c, 1000, "sms").map((s) => s.key)).toEqual(["sent", "delivered", "replied", "failed"]);
    expect(funnelOf(c, 1000, "rcs").map((s) => [s.key, s.count])).toEqual([
      ["sent", 880],
      ["delivered", 850],
      ["read", 350],
      ["replied", 50],
      ["failed", 40],
      ["failedOver", 10],
    ]);
  });

  it("is all zeros, not NaN, for an empty campaign", () => {
    expect(funnelOf(counts({}), 0, "rcs").every((s) => s.count === 0 && s.percent === 0)).toBe(true);
  });
});

describe("pausingNote", () => {
  it.each([
    ["paused", 3, "pausing: 3 in flight"],
    ["paused", 0, null],
    ["running", 3, null],
    ["discarded", 2, null],
  ] as const)("%s with %i sending → %s", (status, sending, note) => {
    expect(pausingNote({ status, counts: counts({ sending, queued: 10 }) })).toBe(note);
  });
});

describe("progressSlices", () => {
  it("splits the bar into settled outcomes and what still waits, summing to the total", () => {
    const slices = progressSlices(
      counts({ delivered: 40, read: 10, sent: 20, failed: 5, unknown: 1, skipped: 4, queued: 15, sending: 5 }),
      100,
    );
    expect(Object.fromEntries(slices.map((s) => [s.key, s.count]))).toEqual({
      delivered: 50,
      sent: 20,
      failed: 5,
      unknown: 1,
      skipped: 4,
      pending: 20,
    });
    expect(slices.reduce((sum, s) => sum + s.percent, 0)).toBe(100);
  });
});

describe("shapeTimeline", () => {
  const p = (at: string, sent: number, delivered = 0) => ({ at, sent, delivered, read: 0, replied: 0, failed: 0 });

  it("sorts the minutes and fills quiet ones with zeros", () => {
    const { rows, bucketMinutes } = shapeTimeline(
      [p("2026-11-23T10:03:00Z", 7, 2), p("2026-11-23T10:00:00Z", 5)],
      240,
      "UTC",
    );
    expect(bucketMinutes).toBe(1);
    expect(rows.map((r) => [r.label, r.sent, r.delivered])).toEqual([
      ["10:00 am", 5, 0],
      ["10:01 am", 0, 0],
      ["10:02 am", 0, 0],
      ["10:03 am", 7, 2],
    ]);
  });

  it("merges minutes into wider buckets when the run is long, keeping every count", () => {
    const points = Array.from({ length: 600 }, (_, i) => p(new Date(Date.UTC(2026, 10, 23, 8, i)).toISOString(), 1, 1));
    const { rows, bucketMinutes } = shapeTimeline(points, 240, "UTC");
    expect(bucketMinutes).toBe(5);
    expect(rows).toHaveLength(120);
    expect(rows.reduce((s, r) => s + r.sent, 0)).toBe(600);
    expect(rows[0]).toMatchObject({ label: "8:00 am", sent: 5, delivered: 5 });
    expect(rows[1].label).toBe("8:05 am");
  });

  it.each([
    [60, 60, 150],
    [2880, 2880, 100],
  ])("draws the server's widened buckets (%i min) as they are, no zero between them", (server, drawn, count) => {
    const points = Array.from({ length: count }, (_, i) =>
      p(new Date(Date.UTC(2026, 0, 1) + i * server * 60_000).toISOString(), 3),
    );
    const { rows, bucketMinutes } = shapeTimeline(points, 240, "UTC", server);
    expect(bucketMinutes).toBe(drawn);
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r.sent === 3)).toBe(true);
  });

  it("labels on the page's 12-hour clock in the signed-in person's zone", () => {
    setDisplayTimeZone("Asia/Kolkata");
    try {
      const { rows } = shapeTimeline([p("2026-11-23T10:00:00Z", 1), p("2026-11-23T18:31:00Z", 1)], 240);
      expect(rows[0].label).toBe("3:30 pm");
      expect(rows.at(-1)?.label).toBe("12:00 am");
    } finally {
      setDisplayTimeZone(undefined);
    }
  });

  it("labels with the day when the run spans days", () => {
    const { rows } = shapeTimeline([p("2026-11-23T10:00:00Z", 1), p("2026-11-25T10:00:00Z", 1)], 240, "UTC");
    expect(rows[0].label).toMatch(/23 Nov/);
    expect(rows.at(-1)?.label).toMatch(/25 Nov/);
  });

  it("is empty without points, and ignores unreadable times", () => {
    expect(shapeTimeline([]).rows).toEqual([]);
    expect(shapeTimeline([p("not a date", 3)]).rows).toEqual([]);
  });
});

describe("errorRows", () => {
  it("names the code on the chart's axis when the headline does not", () => {
    const rows = errorRows([
      { reason: "Undeliverable: the network could not deliver it", code: "UNDELIV:001", detail: null, count: 2 },
      { reason: "Undeliverable: absent subscriber", code: "UNDELIV:027", detail: null, count: 1 },
      { reason: "Message undeliverable (131026): not on WhatsApp", code: "131026", detail: null, count: 1 },
    ]);
    expect(rows.map((r) => r.short)).toEqual([
      "Undeliverable (UNDELIV:001)",
      "Message undeliverable (131026)",
      "Undeliverable (UNDELIV:027)",
    ]);
  });

  it.each([
    [
      "Message undeliverable (131026): the number may not be on WhatsApp",
      "Message undeliverable (131026)",
      "the number may not be on WhatsApp",
      "Message undeliverable (131026)",
    ],
    ["Undeliverable", "Undeliverable", null, "Undeliverable"],
    [
      "A provider's own very long sentence about the failure",
      "A provider's own very long sentence about the failure",
      null,
      "A provider's own very long se…",
    ],
  ])("splits %j into its headline, explanation and the chart's short label", (reason, headline, explanation, short) => {
    const [row] = errorRows([{ reason, code: null, detail: null, count: 1 }]);
    expect(row).toMatchObject({ headline, explanation, short });
  });

  it("orders reasons by count with their share of failures", () => {
    const rows = errorRows([
      { reason: "Number not on WhatsApp", code: "131026", detail: null, count: 10 },
      { reason: "Undeliverable", code: null, detail: null, count: 30 },
    ]);
    expect(rows.map((r) => [r.reason, r.percent])).toEqual([
      ["Undeliverable", 75],
      ["Number not on WhatsApp", 25],
    ]);
  });
});

describe("channelCalls and ownerActions", () => {
  it("uses each channel's own calls", () => {
    expect(channelCalls("sms")).toMatchObject({
      responses: "sms.campaigns.responses",
      searchWithin: "sms.campaigns.searchWithin",
      start: "sms.campaigns.start",
    });
    expect(channelCalls("whatsapp")).toMatchObject({
      responses: "waba.campaigns.responses",
      searchWithin: "campaigns.searchWithin",
      start: "waba.campaigns.start",
    });
    expect(channelCalls("rcs")).toMatchObject({ responses: "campaigns.responses", start: "campaigns.start" });
  });

  it("offers pause while running, resume while paused, nothing on a finished campaign", () => {
    expect(ownerActions("running")).toEqual({ pause: true, resume: false, start: false, discard: true });
    expect(ownerActions("paused")).toEqual({ pause: false, resume: true, start: false, discard: true });
    expect(ownerActions("ready")).toEqual({ pause: false, resume: false, start: true, discard: true });
    expect(ownerActions("completed")).toEqual({ pause: false, resume: false, start: false, discard: false });
  });
});

describe("withProgress", () => {
  const record = {
    _id: "c1",
    status: "running",
    statusReason: null,
    total: 100,
    percent: 10,
    updatedAt: "2026-11-23T10:00:00.000Z",
    counts: counts({ sent: 10, queued: 90 }),
    cost: { estimated: 30, held: 30, spent: 3 },
  } as unknown as Parameters<typeof withProgress>[0];
  const push = {
    campaignId: "c1",
    channel: "rcs",
    status: "paused",
    statusReason: "Failure rate over 20 %",
    total: 100,
    counts: counts({ sent: 40, failed: 20, queued: 40 }),
    percent: 60,
    spent: 12,
    at: "2026-11-23T10:00:05.000Z",
  } as Parameters<typeof withProgress>[1];

  it("overlays a newer push: status, reason, counts, percent and money spent", () => {
    expect(withProgress(record, push)).toMatchObject({
      status: "paused",
      statusReason: "Failure rate over 20 %",
      percent: 60,
      counts: { sent: 40 },
      cost: { held: 30, spent: 12 },
    });
  });

  it("ignores a push older than the record, or of another campaign", () => {
    expect(withProgress(record, { ...push!, at: "2026-11-23T09:59:59.000Z" })).toBe(record);
    expect(withProgress(record, { ...push!, campaignId: "c2" })).toBe(record);
    expect(withProgress(record, null)).toBe(record);
  });
});

describe("stillSettling", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  it("polls a moving campaign, and a completed one while late receipts may still come", () => {
    expect(stillSettling({ status: "running", completedAt: null }, now)).toBe(true);
    expect(stillSettling({ status: "completed", completedAt: "2026-11-23T11:50:00Z" }, now)).toBe(true);
    expect(stillSettling({ status: "completed", completedAt: "2026-11-23T11:40:00Z" }, now)).toBe(false);
    expect(stillSettling({ status: "discarded", completedAt: null }, now)).toBe(false);
  });
});
