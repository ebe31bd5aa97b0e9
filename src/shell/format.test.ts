import { describe, expect, it } from "vitest";
import { formatCount, formatDateTime, formatINR, formatSignedINR } from "./format";

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

  it("signs ledger amounts", () => {
    expect(formatSignedINR(500)).toBe("+₹500.00");
    expect(formatSignedINR(-500)).toBe("-₹500.00");
  });

  it("groups counts the Indian way and shows a dash for missing dates", () => {
    expect(formatCount(1234567)).toBe("12,34,567");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });
});
