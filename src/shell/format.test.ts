import { describe, expect, it } from "vitest";
import {
  dayKey,
  displayTimeZone,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatINR,
  formatLongDate,
  formatNumericDateTime,
  formatReportDay,
  formatSignedINR,
  formatTime,
  formatTimeWithSeconds,
  formatTimeWithZone,
  formatWeekday,
  setDisplayTimeZone,
} from "./format";

describe("format", () => {
  it.each<[number | null | undefined, string]>([
    [100000, "₹1,00,000.00"],
    [500, "₹500.00"],
    [0, "₹0.00"],
    [-250.5, "-₹250.50"],
    [null, "₹0.00"],
    [Number.NaN, "₹0.00"],
  ])("formatINR(%s) = %s", (value, expected) => {
    expect(formatINR(value)).toBe(expected);
  });

  it.each([
    ["2030-03-09", "09/03/2030"],
    ["2026-12-31", "31/12/2026"],
    ["", "—"],
  ])("formatReportDay(%j) = %s, whatever the display zone", (day, expected) => {
    setDisplayTimeZone("America/Los_Angeles");
    try {
      expect(formatReportDay(day)).toBe(expected);
    } finally {
      setDisplayTimeZone(undefined);
    }
  });

  it("signs ledger amounts", () => {
    expect(formatSignedINR(500)).toBe("+₹500.00");
    expect(formatSignedINR(-500)).toBe("-₹500.00");
  });

  it("groups counts the Indian way and shows a dash for missing dates", () => {
    expect(formatCount(1234567)).toBe("12,34,567");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });

  // 08:32 UTC is 2:02 pm in India; 20:00 UTC on the 5th is already the 6th there. The tests run in UTC (and CI's
  // browser too), so a format that followed the machine's zone or locale would fail here.
  const AFTERNOON = "2026-12-05T08:32:09Z";
  const LATE = "2026-12-05T20:00:00Z";
  it.each<[string, (v: string) => string, string, string]>([
    ["formatDateTime", formatDateTime, AFTERNOON, "5 Dec 2026, 2:02 pm"],
    ["formatDateTime", formatDateTime, LATE, "6 Dec 2026, 1:30 am"],
    ["formatDate", formatDate, AFTERNOON, "5 Dec 2026"],
    ["formatDate", formatDate, LATE, "6 Dec 2026"],
    ["formatLongDate", formatLongDate, AFTERNOON, "5 December 2026"],
    ["formatDayMonth", formatDayMonth, LATE, "6 Dec"],
    ["formatWeekday", formatWeekday, AFTERNOON, "Sat"],
    ["formatTime", formatTime, AFTERNOON, "2:02 pm"],
    ["formatTimeWithSeconds", formatTimeWithSeconds, AFTERNOON, "2:02:09 pm"],
    ["formatTimeWithZone", formatTimeWithZone, AFTERNOON, "2:02 pm IST"],
    ["formatNumericDateTime", formatNumericDateTime, AFTERNOON, "05/12/2026 14:02"],
    ["formatNumericDateTime", formatNumericDateTime, LATE, "06/12/2026 01:30"],
  ])("%s(%s) is Indian English in India's time zone", (_name, format, value, expected) => {
    expect(format(value)).toBe(expected);
  });

  it("tells calendar days apart in India's time zone", () => {
    expect(dayKey(LATE)).toBe(dayKey("2026-12-06T05:00:00Z"));
    expect(dayKey(LATE)).not.toBe(dayKey(AFTERNOON));
    expect(dayKey(null)).toBe("");
  });

  it("follows the person's zone once set, and falls back to India's for an unknown or missing one", () => {
    try {
      setDisplayTimeZone("Asia/Dubai");
      expect(displayTimeZone()).toBe("Asia/Dubai");
      expect(formatDateTime(AFTERNOON)).toBe("5 Dec 2026, 12:32 pm");
      // Midnight in Dubai is 20:00 UTC (in India 18:30): 19:59 UTC is still the 5th there, 20:00 the 6th.
      expect(dayKey("2026-12-05T19:59:00Z")).toBe(dayKey(AFTERNOON));
      expect(dayKey(LATE)).not.toBe(dayKey(AFTERNOON));
      setDisplayTimeZone("Asia/Atlantis");
      expect(displayTimeZone()).toBe("Asia/Kolkata");
      expect(formatDateTime(AFTERNOON)).toBe("5 Dec 2026, 2:02 pm");
      setDisplayTimeZone("Europe/London");
      setDisplayTimeZone(undefined);
      expect(formatTime(AFTERNOON)).toBe("2:02 pm");
    } finally {
      setDisplayTimeZone(undefined);
    }
  });
});
