import { describe, expect, it } from "vitest";
import { LOW_BALANCE_THRESHOLD } from "../../../contract";
import { lowBalanceBanner } from "./low-balance";

describe("lowBalanceBanner (SPEC 4)", () => {
  it.each<[number | null, boolean, boolean, boolean]>([
    [500, false, true, false],
    [500, true, false, false],
    [0, false, true, false],
    [LOW_BALANCE_THRESHOLD - 0.01, false, true, false],
    [LOW_BALANCE_THRESHOLD, false, false, false],
    [LOW_BALANCE_THRESHOLD, true, false, true],
    [25000, true, false, true],
    [25000, false, false, false],
    [null, false, false, false],
    [null, true, false, false],
    [Number.NaN, false, false, false],
  ])("balance %s, dismissed %s → show %s, clear %s", (balance, dismissed, show, clearDismissal) => {
    expect(lowBalanceBanner(balance, dismissed)).toEqual({ show, clearDismissal });
  });
});
