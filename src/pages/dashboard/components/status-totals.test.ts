import { describe, expect, it } from "vitest";
import { percentOf, statusBreakdown, sumStatusCounts } from "./status-totals";

describe("sumStatusCounts", () => {
  it("adds every account's counts", () => {
    expect(
      sumStatusCounts({
        a: { pending: 1, sent: 2, delivered: 3, read: 4, failed: 5, total: 15 },
        b: { pending: 0, sent: 1, delivered: 0, read: 0, failed: 1, total: 2 },
      }),
    ).toEqual({ pending: 1, sent: 3, delivered: 3, read: 4, failed: 6, total: 17 });
  });

  it.each([null, undefined, {}])("is all zero for %j", (input) => {
    expect(sumStatusCounts(input).total).toBe(0);
  });

  it("treats missing fields as zero", () => {
    expect(sumStatusCounts({ a: { sent: 2 } })).toEqual({ pending: 0, sent: 2, delivered: 0, read: 0, failed: 0, total: 0 });
  });
});

describe("percentOf / statusBreakdown", () => {
  it.each([
    [1, 3, 33.3],
    [0, 0, 0],
    [5, 5, 100],
  ])("%s of %s = %s%%", (part, total, expected) => {
    expect(percentOf(part, total)).toBe(expected);
  });

  it("counts active and suspended accounts", () => {
    expect(statusBreakdown([{ status: "active" }, { status: "suspended" }, { status: "active" }])).toEqual({ active: 2, suspended: 1 });
  });
});
