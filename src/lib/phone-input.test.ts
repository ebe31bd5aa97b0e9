import { describe, expect, it } from "vitest";
import { checkPhone } from "./phone-input";

describe("checkPhone", () => {
  it.each([
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["+1 (415) 555-2671", "+14155552671"],
  ])("reads %s as %s (India by default)", (input, e164) => {
    expect(checkPhone(input)).toMatchObject({ ok: true, e164 });
  });

  it.each([
    ["", "Enter a phone number"],
    ["12345", "Not a valid phone number"],
    ["98765abc10", "A phone number has only digits, spaces and + ( ) - ."],
  ])("refuses %j: %s", (input, message) => {
    expect(checkPhone(input)).toEqual({ ok: false, message });
  });

  it("reads a national number in another region when asked", () => {
    expect(checkPhone("(415) 555-2671", "US")).toMatchObject({ ok: true, e164: "+14155552671" });
  });
});
