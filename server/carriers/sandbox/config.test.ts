import { describe, expect, it } from "vitest";
import { sandboxConfigFromEnv } from "./config";

describe("SANDBOX_REVIEW_MS", () => {
  it.each([
    [undefined, { min: 5000, max: 20000 }],
    ["", { min: 5000, max: 20000 }],
    ["50", { min: 50, max: 50 }],
    ["100-200", { min: 100, max: 200 }],
    [" 0 - 10 ", { min: 0, max: 10 }],
  ])("%s reads as %o", (raw, expected) => {
    expect(sandboxConfigFromEnv({ SANDBOX_REVIEW_MS: raw }).reviewMs).toEqual(expected);
  });

  it.each(["-5", "5-", "a-b", "20-10", "1.5"])("refuses %j", (raw) => {
    expect(() => sandboxConfigFromEnv({ SANDBOX_REVIEW_MS: raw })).toThrow(/SANDBOX_REVIEW_MS/);
  });
});
