import { describe, expect, it } from "vitest";
import { isExpired } from "./session-expiry";

describe("isExpired (SPEC 4: expired at or past expiresAt)", () => {
  it.each([
    [999, 1000, false],
    [1000, 1000, true],
    [1001, 1000, true],
    [0, 0, true],
  ])("now=%i expiresAt=%i → %s", (now, expiresAt, expected) => {
    expect(isExpired(now, expiresAt)).toBe(expected);
  });
});
