import { describe, expect, it } from "vitest";
import { duration, percent, shortDay } from "./dashboard-format";

describe("dashboard formats", () => {
  it.each([
    [0, 0, "—"],
    [1, 3, "33.3%"],
    [50, 50, "100.0%"],
  ])("percent(%i, %i) = %s", (part, whole, out) => {
    expect(percent(part, whole)).toBe(out);
  });

  it.each([
    [null, "—"],
    [42_400, "42 s"],
    [185_000, "3 min 5 s"],
    [7_800_000, "2 h 10 min"],
  ])("duration(%s) = %s", (ms, out) => {
    expect(duration(ms)).toBe(out);
  });

  it("writes a day for an axis", () => {
    expect(shortDay("2026-11-24")).toBe("24 Nov");
    expect(shortDay("2027-01-01")).toBe("1 Jan");
  });
});
