import { describe, expect, it } from "vitest";
import { remaining } from "./session-time";

describe("remaining", () => {
  it.each([
    [1000, 1000_000, "Expired"],
    [1000, 999_000, "Less than a minute"],
    [1000 + 65 * 60, 1000_000, "1 h 5 min"],
    [1000 + 5 * 60, 1000_000, "5 min"],
  ])("expiresAt %s at %s ms → %s", (exp, now, expected) => {
    expect(remaining(exp, now)).toBe(expected);
  });
});
