import { describe, expect, it } from "vitest";
import { dayStart } from "./zone-day";

describe("dayStart", () => {
  it.each([
    ["2026-12-05", 0, "Asia/Kolkata", "2026-12-04T18:30:00.000Z"],
    ["2026-12-05", 1, "Asia/Kolkata", "2026-12-05T18:30:00.000Z"],
    ["2026-12-31", 1, "Asia/Kolkata", "2026-12-31T18:30:00.000Z"],
    ["2026-12-05", 0, "UTC", "2026-12-05T00:00:00.000Z"],
    ["2026-07-01", 0, "America/New_York", "2026-07-01T04:00:00.000Z"],
    ["2026-03-08", 1, "America/New_York", "2026-03-09T04:00:00.000Z"],
  ])("%s plus %i day(s) in %s starts at %s", (day, plus, zone, expected) => {
    expect(dayStart(day, plus, zone)).toBe(expected);
  });
});
