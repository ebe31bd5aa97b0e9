import { describe, expect, it } from "vitest";
import type { CampaignRecord } from "../../../../../../contract";
import {
  alertBody,
  alertFormValues,
  anyThroughput,
  clampThrottle,
  controlRoomMode,
  donePercent,
  etaClock,
  etaWords,
  formatRate,
  formatShare,
  spentPercent,
  throttleLabel,
  throughputRows,
} from "./control-room-data";

describe("control room figures", () => {
  it.each<[CampaignRecord["status"], ReturnType<typeof controlRoomMode>]>([
    ["running", "live"],
    ["paused", "live"],
    ["scheduled", "live"],
    ["completed", "summary"],
    ["discarded", "summary"],
    ["failed", "summary"],
    ["ready", null],
    ["draft", null],
    ["validating", null],
  ])("a %s campaign shows %s", (status, mode) => {
    expect(controlRoomMode(status)).toBe(mode);
  });

  it.each<[number, string]>([
    [0, "0 msg/s"],
    [-3, "0 msg/s"],
    [Number.NaN, "0 msg/s"],
    [0.04, "0 msg/s"],
    [0.25, "0.3 msg/s"],
    [2, "2 msg/s"],
    [9.96, "10 msg/s"],
    [12.4, "12 msg/s"],
    [123456.7, "1,23,457 msg/s"],
  ])("formatRate(%s) = %s", (value, text) => {
    expect(formatRate(value)).toBe(text);
  });

  it.each<[number | null, string | null]>([
    [null, null],
    [-1, null],
    [0, "under a minute"],
    [59, "under a minute"],
    [60, "about 1 minute"],
    [61, "about 2 minutes"],
    [3599, "about 1 hour"],
    [3600, "about 1 hour"],
    [3900, "about 1 hour 5 minutes"],
    [2 * 3600 + 60, "about 2 hours 1 minute"],
    [86_400, "about 1 day"],
    [2 * 86_400 + 3 * 3600 + 10, "about 2 days 3 hours"],
  ])("etaWords(%s) = %s", (seconds, words) => {
    expect(etaWords(seconds)).toBe(words);
  });

  // 15:00 UTC is 8:30 pm in India: 20 minutes on is the same day there, 4 hours on is past midnight (the next day).
  it.each<[number | null, string | null]>([
    [20 * 60, "8:50 pm IST"],
    [4 * 3600, "8 Dec 2026, 12:30 am"],
    [null, null],
  ])("etaClock(%s) from 15:00 UTC = %s", (seconds, clock) => {
    expect(etaClock(seconds, "2026-12-07T15:00:00.000Z")).toBe(clock);
  });

  it.each<[number, string]>([
    [0, "0%"],
    [0.042, "4.2%"],
    [0.1, "10%"],
    [1 / 3, "33.3%"],
    [1, "100%"],
    [1.5, "100%"],
    [Number.NaN, "0%"],
  ])("formatShare(%s) = %s", (share, text) => {
    expect(formatShare(share)).toBe(text);
  });

  it.each<[number, number, number]>([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33.3],
    [60, 60, 100],
    [70, 60, 100],
  ])("donePercent(%s of %s) = %s", (done, total, percent) => {
    expect(donePercent(done, total)).toBe(percent);
  });

  it.each<[number, number | null, number | null]>([
    [5, null, null],
    [5, 0, null],
    [25, 100, 25],
    [12.5, 10, 125],
  ])("spentPercent(%s of %s) = %s", (spent, estimated, percent) => {
    expect(spentPercent(spent, estimated)).toBe(percent);
  });

  it.each<[number | null, number | null]>([
    [null, null],
    [0, 1],
    [2.6, 3],
    [500, 80],
    [Number.NaN, null],
  ])("clampThrottle(%s) within 1..80 = %s", (value, clamped) => {
    expect(clampThrottle(value, 1, 80)).toBe(clamped);
  });

  it("names the throttle, or the sender's limit when none is set", () => {
    expect(throttleLabel({ perSecond: null, effective: 80, min: 1, max: 80 })).toBe(
      "As fast as the sender allows (80 msg/s)",
    );
    expect(throttleLabel({ perSecond: 5, effective: 5, min: 1, max: 80 })).toBe("5 msg/s");
  });

  it("charts buckets oldest first, per second, labelled in India's time", () => {
    const series = [
      { at: "2026-12-07T15:00:10.000Z", sent: 25, failed: 5 },
      { at: "2026-12-07T15:00:00.000Z", sent: 0, failed: 0 },
      { at: "not a time", sent: 9, failed: 9 },
    ];
    // The page's time format (12-hour, "pm"), in the display zone (India's unless the profile picks another).
    expect(throughputRows(series)).toEqual([
      { t: Date.parse("2026-12-07T15:00:00.000Z"), label: "8:30:00 pm", sent: 0, failed: 0 },
      { t: Date.parse("2026-12-07T15:00:10.000Z"), label: "8:30:10 pm", sent: 2.5, failed: 0.5 },
    ]);
    expect(anyThroughput(series.slice(1, 2))).toBe(false);
    expect(anyThroughput(series)).toBe(true);
  });

  it.each([
    [
      "empty thresholds are no alert",
      { failureRatePercent: undefined, costLimit: undefined, pauseOnAlert: false, targets: ["bell" as const] },
      { failureRatePercent: null, costLimit: null, pauseOnAlert: false, targets: ["bell"] },
    ],
    [
      "a rate is whole and rupees keep two decimals",
      { failureRatePercent: 12.4, costLimit: 1234.567, pauseOnAlert: true, targets: ["mail" as const] },
      { failureRatePercent: 12, costLimit: 1234.57, pauseOnAlert: true, targets: ["mail"] },
    ],
  ])("alert body: %s", (_name, values, body) => {
    expect(alertBody(values)).toEqual(body);
  });

  it("round-trips saved settings through the form", () => {
    const saved = { failureRatePercent: 10, costLimit: null, pauseOnAlert: true, targets: ["bell" as const] };
    expect(alertBody(alertFormValues(saved))).toEqual(saved);
  });
});
