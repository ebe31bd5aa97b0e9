import { describe, expect, it } from "vitest";
import {
  inSlice,
  pickWinner,
  remainderSlice,
  isSignificantNote,
  significanceNote,
  splitFraction,
  splitProblems,
  variantSlices,
  type VariantFigures,
  type WinnerMetric,
} from "./splits";

// The A/B split's rules: where a number falls, how the test share is sliced, what a valid split is, who wins and
// when the difference is significant.

const numbers = (count: number) => Array.from({ length: count }, (_, i) => `+9198${String(10_000_000 + i)}`);

describe("splitFraction", () => {
  it("is stable and in [0, 1)", () => {
    for (const n of numbers(1000)) {
      const f = splitFraction("salt", n);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      expect(splitFraction("salt", n)).toBe(f);
    }
  });

  it("places numbers differently under another salt", () => {
    const moved = numbers(1000).filter((n) => splitFraction("a", n) !== splitFraction("b", n));
    expect(moved.length).toBe(1000);
  });
});

describe("variantSlices", () => {
  it.each([
    [20, [50, 50], [0.1, 0.2]],
    [100, [50, 50], [0.5, 1]],
    [100, [25, 25, 25, 25], [0.25, 0.5, 0.75, 1]],
    [30, [10, 90], [0.03, 0.3]],
    [20, [34, 33, 33], [0.068, 0.134, 0.2]],
  ])("test share %i%% with sizes %j ends its slices at %j", (share, sizes, ends) => {
    const slices = variantSlices(share, sizes);
    slices.forEach((s, i) => expect(s.hi).toBeCloseTo(ends[i], 12));
    expect(slices[0].lo).toBe(0);
    // Each lo is its neighbour's hi exactly: no gap, no overlap; the last hi is the test share itself.
    slices.slice(1).forEach((s, i) => expect(s.lo).toBe(slices[i].hi));
    expect(slices[slices.length - 1].hi).toBe(share / 100);
    expect(remainderSlice(share).lo).toBe(slices[slices.length - 1].hi);
  });

  it.each([
    [20, [50, 50]],
    [100, [70, 30]],
    [40, [25, 25, 25, 25]],
    [10, [1, 99]],
  ])(
    "on 10,000 numbers, test share %i%% with sizes %j: every number in one place, sizes within tolerance",
    (share, sizes) => {
      const all = numbers(10_000);
      const slices = [...variantSlices(share, sizes), remainderSlice(share)];
      const counts = slices.map(() => 0);
      for (const n of all) {
        const f = splitFraction("split-1", n);
        const homes = slices.filter((s) => inSlice(f, s)).length;
        expect(homes).toBe(1);
        counts[slices.findIndex((s) => inSlice(f, s))]++;
      }
      const expected = [...sizes.map((s) => (10_000 * share * s) / 10_000), 10_000 * (1 - share / 100)];
      // Binomial: within 4 standard deviations (and 0.5 percentage point of the whole at least).
      counts.forEach((count, i) => {
        const p = expected[i] / 10_000;
        const tolerance = Math.max(4 * Math.sqrt(10_000 * p * (1 - p)), 50);
        expect(Math.abs(count - expected[i])).toBeLessThanOrEqual(tolerance);
      });
    },
  );
});

describe("splitProblems", () => {
  const good = { sizes: [50, 50], testSharePercent: 20, decideAfterHours: 24 };
  it("accepts a valid split", () => expect(splitProblems(good)).toEqual([]));
  it.each([
    [{ sizes: [100] }, "variants"],
    [{ sizes: [20, 20, 20, 20, 20] }, "variants"],
    [{ sizes: [50, 49] }, "variants"],
    [{ sizes: [0, 100] }, "variants.0.sizePercent"],
    [{ sizes: [50.5, 49.5] }, "variants.0.sizePercent"],
    [{ testSharePercent: 0 }, "testSharePercent"],
    [{ testSharePercent: 101 }, "testSharePercent"],
    [{ decideAfterHours: 0 }, "decideAfterHours"],
    [{ decideAfterHours: 721 }, "decideAfterHours"],
  ])("refuses %j at %s", (change, field) => {
    expect(splitProblems({ ...good, ...change }).map((p) => p.field)).toContain(field);
  });
});

const v = (sent: number, delivered: number, replied: number, clicked: number, converted: number): VariantFigures => ({
  sent,
  delivered,
  replied,
  clicked,
  converted,
});

describe("pickWinner", () => {
  it.each<[string, VariantFigures[], WinnerMetric, number]>([
    ["the higher click rate", [v(100, 90, 5, 10, 1), v(100, 95, 2, 20, 0)], "click", 1],
    ["the higher delivery rate", [v(100, 99, 5, 10, 1), v(100, 95, 2, 20, 0)], "delivery", 0],
    ["rates, not counts", [v(1000, 900, 50, 100, 1), v(100, 95, 20, 20, 0)], "reply", 1],
    ["the conversion rate of three", [v(100, 90, 5, 10, 1), v(100, 95, 2, 20, 0), v(50, 50, 0, 0, 3)], "conversion", 2],
    ["a tie: the earliest", [v(100, 90, 5, 10, 1), v(200, 95, 10, 20, 2)], "reply", 0],
    [
      "a later tie: the earliest of the best",
      [v(100, 90, 1, 10, 1), v(100, 95, 5, 20, 2), v(100, 95, 5, 20, 2)],
      "reply",
      1,
    ],
    ["nothing sent: the first", [v(0, 0, 0, 0, 0), v(0, 0, 0, 0, 0)], "click", 0],
  ])("picks %s", (_why, variants, metric, index) => {
    const winner = pickWinner(variants, metric);
    expect(winner.index).toBe(index);
    expect(winner.reason).toMatch(new RegExp(`^${"ABCD"[index]} won`));
  });

  it("says why", () => {
    expect(pickWinner([v(100, 90, 5, 10, 1), v(100, 95, 2, 20, 0)], "click").reason).toBe(
      "B won on the highest click rate: B 20.0% (20 of 100 sent) against A 10.0% (10 of 100 sent)",
    );
  });
});

describe("significance note", () => {
  // The notes' p-values were worked out apart from our code: Fisher's by summing the hypergeometric probabilities in
  // exact fractions (Python's fractions and math.comb), the z-test's from Python's math.erfc.
  it.each<[string, VariantFigures[], WinnerMetric, string]>([
    [
      "large samples: the z-test, significant",
      [v(500, 0, 0, 40, 0), v(500, 0, 0, 60, 0)],
      "click",
      "Significant (two-proportion z-test, p = 0.035): B's click rate is higher than A's",
    ],
    [
      "large samples: the z-test, not significant",
      [v(500, 0, 0, 50, 0), v(500, 0, 0, 55, 0)],
      "click",
      "Not significant yet (two-proportion z-test, p = 0.61, needs below 0.05): B's click rate is higher than A's",
    ],
    [
      // Every one of B's 12 clicked, none of A's 6: the z-test's rule rejects (A sent < 30, expected counts < 5);
      // Fisher's: 1 / C(18, 12) = 1 / 18,564 ≈ 0.000054, the only table as unlikely.
      "12 of 12 against 0 of 6: Fisher's, significant",
      [v(6, 0, 0, 0, 0), v(12, 0, 0, 12, 0)],
      "click",
      "Significant (Fisher's exact test, p < 0.0001): B's click rate is higher than A's",
    ],
    [
      "the tea-tasting table, 3 of 4 against 1 of 4: Fisher's, 0.4857",
      [v(4, 0, 0, 3, 0), v(4, 0, 0, 1, 0)],
      "click",
      "Not significant yet (Fisher's exact test, p = 0.49, needs below 0.05): A's click rate is higher than B's",
    ],
    [
      "under 30 sent a variant: Fisher's, 0.0138",
      [v(20, 0, 0, 2, 0), v(20, 0, 0, 10, 0)],
      "click",
      "Significant (Fisher's exact test, p = 0.014): B's click rate is higher than A's",
    ],
    [
      "30 sent each but an expected count of 4: Fisher's, 0.0523",
      [v(30, 0, 0, 1, 0), v(30, 0, 0, 7, 0)],
      "click",
      "Not significant yet (Fisher's exact test, p = 0.052, needs below 0.05): B's click rate is higher than A's",
    ],
    [
      "few successes among many: Fisher's, 1",
      [v(100, 0, 1, 0, 0), v(100, 0, 2, 0, 0)],
      "reply",
      "Not significant yet (Fisher's exact test, p = 1.0, needs below 0.05): B's reply rate is higher than A's",
    ],
    [
      "three variants: the leader against the runner-up (40 of 400 against 12 of 400), z",
      [v(400, 0, 0, 0, 10), v(400, 0, 0, 0, 12), v(400, 0, 0, 0, 40)],
      "conversion",
      "Significant (two-proportion z-test, p < 0.0001): C's conversion rate is higher than B's",
    ],
    [
      "four variants, small: the leader against the runner-up (3 of 4 against 1 of 4)",
      [v(4, 0, 0, 0, 0), v(4, 0, 0, 0, 1), v(4, 0, 0, 0, 3), v(4, 0, 0, 0, 1)],
      "conversion",
      "Not significant yet (Fisher's exact test, p = 0.49, needs below 0.05): C's conversion rate is higher than B's",
    ],
    [
      "identical rates",
      [v(100, 50, 0, 0, 0), v(100, 50, 0, 0, 0)],
      "delivery",
      "Not significant yet: the delivery rates are equal",
    ],
    [
      "identical rates, small",
      [v(10, 5, 0, 0, 0), v(10, 5, 0, 0, 0)],
      "delivery",
      "Not significant yet: the delivery rates are equal",
    ],
    [
      "no successes at all",
      [v(10, 0, 0, 0, 0), v(10, 0, 0, 0, 0)],
      "click",
      "Not significant yet: the click rates are equal",
    ],
    ["nothing sent", [v(0, 0, 0, 0, 0), v(0, 0, 0, 0, 0)], "click", "Not significant yet: nothing sent to compare"],
    [
      "one variant sent nothing",
      [v(12, 0, 0, 12, 0), v(0, 0, 0, 0, 0)],
      "click",
      "Not significant yet: nothing sent to compare",
    ],
  ])("%s", (_why, variants, metric, note) => {
    expect(significanceNote(variants, metric)).toBe(note);
    expect(isSignificantNote(note)).toBe(note.startsWith("Significant ("));
  });
});
