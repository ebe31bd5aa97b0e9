import { describe, expect, it } from "vitest";
import { RECIPIENT_STATES, type RecipientCounts } from "./campaigns";
import { indiaDay, periodBounds, periodDays, reportFigures, reportRangeProblems } from "./reports";

describe("reportRangeProblems", () => {
  it.each([
    ["2025-01-01", "2025-01-01", []],
    ["2025-01-01", "2025-12-31", []],
    ["2024-01-01", "2024-12-31", []], // 366 days (a leap year): the most a report covers
    ["2024-01-01", "2025-01-01", [{ field: "to", message: "must be at most 366 days after the start date" }]],
    ["2025-03-02", "2025-03-01", [{ field: "from", message: "must be on or before the end date" }]],
    [
      "2025-02-30",
      "2025-03-01",
      [{ field: "from", message: "must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31" }],
    ],
    [
      "2025-1-1",
      "x",
      [
        { field: "from", message: "must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31" },
        { field: "to", message: "must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31" },
      ],
    ],
    [
      "1999-12-31",
      "2000-01-01",
      [{ field: "from", message: "must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31" }],
    ],
    [
      "2099-12-31",
      "2100-01-01",
      [{ field: "to", message: "must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31" }],
    ],
  ])("%s to %s", (from, to, problems) => {
    expect(reportRangeProblems(from, to)).toEqual(problems);
  });

  it("counts both ends of a period", () => {
    expect(periodDays("2025-01-01", "2025-01-07")).toBe(7);
  });
});

describe("India's calendar days", () => {
  it("a period runs from 00:00 IST of its first day to 00:00 IST after its last", () => {
    const { start, endExclusive } = periodBounds("2025-03-01", "2025-03-02");
    expect(start.toISOString()).toBe("2025-02-28T18:30:00.000Z");
    expect(endExclusive.toISOString()).toBe("2025-03-02T18:30:00.000Z");
  });

  it.each([
    ["2025-02-28T18:29:59.999Z", "2025-02-28"],
    ["2025-02-28T18:30:00.000Z", "2025-03-01"],
    ["2025-03-01T12:00:00.000Z", "2025-03-01"],
  ])("%s is %s in India", (at, day) => {
    expect(indiaDay(new Date(at))).toBe(day);
  });
});

const emptyCountsFor = (): RecipientCounts => ({
  ...(Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Omit<RecipientCounts, "failedOver">),
  failedOver: 0,
});

describe("reportFigures", () => {
  it("counts each stage with those that went further, and gives SMS no read", () => {
    const counts = {
      ...emptyCountsFor(),
      sent: 2,
      delivered: 3,
      read: 4,
      replied: 1,
      failed: 5,
      queued: 6,
      failedOver: 2,
    };
    expect(reportFigures(counts, "whatsapp")).toEqual({
      recipients: 21,
      sent: 10,
      delivered: 8,
      read: 5,
      replied: 1,
      failed: 5,
      failedOver: 2,
    });
    expect(reportFigures(counts, "sms").read).toBeNull();
  });
});
