import { describe, expect, it } from "vitest";
import { checkRcsBotFields, isHttpsUrl, isValidBotPhone } from "./rcs-bot-checks";

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

describe("bot URLs", () => {
  it.each([
    ["https://www.example.com", true],
    ["https://example.com/privacy?lang=en", true],
    ["http://example.com", false],
    ["https://localhost", false],
    ["https://exa%zzmple.com/x", false],
    ["https://ex ample.com", false],
    ["example.com", false],
  ])("%s → %s", (url, valid) => {
    expect(isHttpsUrl(url)).toBe(valid);
  });
});

describe("checkRcsBotFields", () => {
  it.each([
    [{}, []],
    [{ phone: "+91 98765 43210" }, []],
    [{ phone: "12345" }, [{ field: "phone", message: "must be a valid phone number, e.g. +91 98765 43210" }]],
    [
      { website: "https://acme.example.com", termsUrl: "ftp://acme.example.com" },
      [{ field: "termsUrl", message: "must be an https:// address, e.g. https://www.example.com" }],
    ],
  ])("%j", (fields, problems) => {
    expect(checkRcsBotFields(fields)).toEqual(problems);
  });
});
