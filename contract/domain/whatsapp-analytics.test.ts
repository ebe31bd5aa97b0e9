import { describe, expect, it } from "vitest";
import { daysBetween, parseDay, shiftDay, splitList } from "./whatsapp-analytics";

describe("whatsapp analytics days", () => {
  it.each([
    ["2026-11-23", "2026-11-23T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2026-02-29", null],
    ["2026-13-01", null],
    ["2026-1-01", null],
    ["yesterday", null],
  ])("parseDay(%s)", (day, iso) => {
    expect(parseDay(day)?.toISOString() ?? null).toBe(iso);
  });

  it.each([
    ["2026-11-01", "2026-11-03", ["2026-11-01", "2026-11-02", "2026-11-03"]],
    ["2026-02-28", "2026-03-01", ["2026-02-28", "2026-03-01"]],
    ["2026-11-03", "2026-11-03", ["2026-11-03"]],
    ["2026-11-03", "2026-11-01", []],
    ["bad", "2026-11-01", []],
  ])("daysBetween(%s, %s)", (start, end, days) => {
    expect(daysBetween(start, end)).toEqual(days);
  });

  it.each([
    ["2026-03-01", 1, "2026-02-28"],
    ["2026-01-01", 29, "2025-12-03"],
    ["2026-12-31", -1, "2027-01-01"],
  ])("shiftDay(%s, %i)", (day, n, out) => {
    expect(shiftDay(day, n)).toBe(out);
  });

  it.each([
    [undefined, []],
    ["", []],
    ["a,b", ["a", "b"]],
    [" a , ,b,", ["a", "b"]],
  ])("splitList(%j)", (value, items) => {
    expect(splitList(value)).toEqual(items);
  });
});
