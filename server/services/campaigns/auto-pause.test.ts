import { describe, expect, it } from "vitest";
import { mayBePastRule, RECHECK_MS, type AutoPauseRule } from "./auto-pause";

const rule: AutoPauseRule = { window: 500, rate: 0.2, minimum: 50 };
const now = 1_000_000;

describe("mayBePastRule: whether new failures call for an auto-pause check", () => {
  it("checks a campaign never checked, or checked too long ago to count on (other processes' failures), or with too few outcomes to bound", () => {
    expect(mayBePastRule(undefined, 1, rule, now)).toBe(true);
    expect(mayBePastRule({ failed: 0, n: 500, at: now - RECHECK_MS }, 1, rule, now)).toBe(true);
    expect(mayBePastRule({ failed: 0, n: 49, at: now }, 1, rule, now)).toBe(true);
  });

  it("skips while the last window with every new failure added stays at or below the rate, checks once it could pass it", () => {
    expect(mayBePastRule({ failed: 20, n: 500, at: now - 100 }, 50, rule, now)).toBe(false);
    expect(mayBePastRule({ failed: 20, n: 500, at: now - 100 }, 80, rule, now)).toBe(false);
    expect(mayBePastRule({ failed: 20, n: 500, at: now - 100 }, 81, rule, now)).toBe(true);
    // A window not yet full: its size can only grow, so the bound divides by the size it had.
    expect(mayBePastRule({ failed: 5, n: 100, at: now - 100 }, 15, rule, now)).toBe(false);
    expect(mayBePastRule({ failed: 5, n: 100, at: now - 100 }, 16, rule, now)).toBe(true);
  });
});
