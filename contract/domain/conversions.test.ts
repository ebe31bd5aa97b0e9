import { describe, expect, it } from "vitest";
import { paiseToRupees, rupeesToPaise } from "./conversions";

// A conversion's value goes from the rupees a business sends to the paise we keep exactly, and back.

describe("rupeesToPaise", () => {
  it.each([
    ["1499", 149_900],
    ["1499.5", 149_950],
    ["0.29", 29],
    ["0", 0],
    ["999999999.99", 99_999_999_999],
  ])("%s rupees are %i paise", (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
    expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });

  it.each(["", "-5", "1.234", "01", "1e3", "1,499", " 5", "1000000000", "."])("refuses %j", (text) => {
    expect(rupeesToPaise(text)).toBeNull();
  });

  it.each([
    [29, "0.29"],
    [149_950, "1499.50"],
    [100, "1.00"],
  ])("%i paise read %s", (paise, text) => {
    expect(paiseToRupees(paise)).toBe(text);
  });
});
