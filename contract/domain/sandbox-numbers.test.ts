import { describe, expect, it } from "vitest";
import { SANDBOX_NUMBERS, sandboxNumberBehaviour, sandboxNumberLabel, toE164 } from "./sandbox-numbers";

describe("sandbox special numbers", () => {
  it.each([
    ["+919000000000", "always-delivered"],
    ["+919000000009", "always-delivered"],
    ["+91 90000 00010", "not-on-whatsapp"],
    ["9000000019", "not-on-whatsapp"],
    ["09000000021", "not-rcs-capable"],
    ["+91-90000-00035", "rcs-not-launched"],
    ["919000000042", "always-fails"],
    ["+91 9000000057", "always-read"],
    ["(+91) 90000 00063", "always-replies"],
    ["+919000000078", "never-confirmed"],
  ])("%s is %s", (raw, behaviour) => {
    expect(sandboxNumberBehaviour(raw)).toBe(behaviour);
  });

  it.each([
    ["+919000000080", "the first number after the last range"],
    ["+919000000100", "a neighbour with a different prefix"],
    ["+919876543210", "an ordinary Indian mobile"],
    ["+14155550100", "a US number"],
    ["12345", "an invalid number"],
    ["", "nothing"],
  ])("%s (%s) has no special behaviour", (raw) => {
    expect(sandboxNumberBehaviour(raw)).toBeUndefined();
  });

  it("each range is ten numbers of its own and every behaviour appears once", () => {
    const prefixes = SANDBOX_NUMBERS.map((range) => range.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(new Set(SANDBOX_NUMBERS.map((range) => range.behaviour)).size).toBe(SANDBOX_NUMBERS.length);
    for (const range of SANDBOX_NUMBERS) {
      for (let digit = 0; digit < 10; digit++)
        expect(sandboxNumberBehaviour(`${range.prefix}${digit}`)).toBe(range.behaviour);
    }
  });

  it.each([
    [SANDBOX_NUMBERS[0], "+91 90000 0000x"],
    [SANDBOX_NUMBERS[1], "+91 90000 0001x"],
    [SANDBOX_NUMBERS[7], "+91 90000 0007x"],
  ])("labels %s as %s", (range, label) => {
    expect(sandboxNumberLabel(range)).toBe(label);
  });

  it.each([
    ["98765 43210", "+919876543210"],
    ["+91 98765 43210", "+919876543210"],
    ["+1 (415) 555-0100", "+14155550100"],
    ["98765", undefined],
    ["not a number", undefined],
  ])("toE164(%s) is %s", (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });
});
