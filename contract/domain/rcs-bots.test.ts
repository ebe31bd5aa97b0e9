import { describe, expect, it } from "vitest";
import { checkRcsBotFields, isValidBotPhone } from "./rcs-bots";

describe("RCS bot phone numbers", () => {
  it.each([
    ["+91 98765 43210", true],
    ["9876543210", true],
    ["+1 650-253-0000", true],
    ["+91 12345", false],
    ["0000000000", false],
    ["+44 20", false],
  ])("%s → %s", (phone, valid) => {
    expect(isValidBotPhone(phone)).toBe(valid);
  });
});

describe("checkRcsBotFields", () => {
  it.each([
    [{}, []],
    [{ phone: "+91 98765 43210" }, []],
    [{ phone: "12345" }, [{ field: "phone", message: "must be a valid phone number, e.g. +91 98765 43210" }]],
  ])("%j", (fields, problems) => {
    expect(checkRcsBotFields(fields)).toEqual(problems);
  });
});
