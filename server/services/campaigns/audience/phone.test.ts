import { describe, expect, it } from "vitest";
import { normalizeNumber, parsedNumber } from "./phone";

// normalizeNumber answers Indian mobile numbers without the parser; these check that shortcut against the parser.
describe("normalizeNumber", () => {
  it("agrees with libphonenumber-js on Indian mobile numbers, bare and with +91", () => {
    // Every leading digit pair and a spread of the rest: 6 to 9, then 0 to 9, with 8 digits stepping through the range.
    for (let lead = 60; lead <= 99; lead++) {
      for (let rest = 0; rest < 100_000_000; rest += 7_654_321) {
        const national = `${lead}${String(rest).padStart(8, "0")}`;
        for (const text of [national, `+91${national}`])
          expect(normalizeNumber(text, "IN")).toEqual(parsedNumber(text, "IN"));
      }
    }
  });

  it.each([
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["0091 9876543210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["919876543210", "+919876543210"],
    ["(022) 2345 6789", "+912223456789"],
    ["+1 415 555 2671", "+14155552671"],
  ])("%s is %s", (raw, e164) => {
    expect(normalizeNumber(raw, "IN")).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", "Empty"],
    ["12345", "Not a phone number"],
    ["5876543", "Not a valid phone number"],
    ["+99 123456789", "Not a valid phone number"],
  ])("%j is refused: %s", (raw, reason) => {
    expect(normalizeNumber(raw, "IN")).toEqual({ ok: false, reason });
  });

  it("leaves other regions to the parser", () => {
    expect(normalizeNumber("9876543210", "US")).toEqual(parsedNumber("9876543210", "US"));
    expect(normalizeNumber("020 7946 0018", "GB")).toEqual({ ok: true, e164: "+442079460018" });
  });
});
