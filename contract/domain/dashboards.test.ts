import { describe, expect, it } from "vitest";
import {
  addDays,
  dayCount,
  dayStart,
  deliveryRate,
  eachDay,
  isDay,
  presetDays,
  reportDay,
  STATUS_OF_STATE,
} from "./dashboards";
import { RECIPIENT_STATES } from "./campaigns";

describe("reporting days (India)", () => {
  it.each([
    ["2026-11-23T18:29:59.999Z", "2026-11-23"],
    ["2026-11-23T18:30:00.000Z", "2026-11-24"],
    ["2026-12-31T20:00:00.000Z", "2027-01-01"],
    ["2024-02-28T19:00:00.000Z", "2024-02-29"],
  ])("reportDay(%s) = %s", (at, day) => {
    expect(reportDay(new Date(at))).toBe(day);
  });

  it("a day starts at its midnight in India, and every instant of it reports that day", () => {
    expect(dayStart("2026-11-24").toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(reportDay(dayStart("2026-11-24"))).toBe("2026-11-24");
    expect(reportDay(new Date(dayStart("2026-11-25").getTime() - 1))).toBe("2026-11-24");
  });

  it.each([
    ["2026-11-23", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-1-01", false],
    ["today", false],
  ])("isDay(%s) = %s", (value, ok) => {
    expect(isDay(value)).toBe(ok);
  });

  it.each([
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-01-01", -29, "2025-12-03"],
  ])("addDays(%s, %i) = %s", (day, n, out) => {
    expect(addDays(day, n)).toBe(out);
  });

  it("counts and lists the days of a range, both ends included", () => {
    expect(dayCount("2026-02-27", "2026-03-01")).toBe(3);
    expect(eachDay("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(eachDay("2026-03-01", "2026-02-27")).toEqual([]);
  });

  it.each([
    ["today", "2026-11-24", "2026-11-24"],
    ["7d", "2026-11-18", "2026-11-24"],
    ["30d", "2026-10-26", "2026-11-24"],
  ] as const)("the %s preset ends today in India", (range, from, to) => {
    // 20:00 UTC on the 23rd is already the 24th in India.
    expect(presetDays(range, new Date("2026-11-23T20:00:00Z"))).toEqual({ from, to });
  });
});

describe("how recipient states count", () => {
  it("every state has a status or is no message at all", () => {
    expect(Object.keys(STATUS_OF_STATE).sort()).toEqual([...RECIPIENT_STATES].sort());
    expect(STATUS_OF_STATE.skipped).toBeNull();
    expect(STATUS_OF_STATE.replied).toBe("read");
    expect(STATUS_OF_STATE.unknown).toBe("sent");
  });

  it.each([
    [0, 0, null],
    [3, 4, 0.75],
    [4, 4, 1],
  ])("deliveryRate(%i, %i) = %s", (delivered, messages, rate) => {
    expect(deliveryRate(delivered, messages)).toBe(rate);
  });
});
