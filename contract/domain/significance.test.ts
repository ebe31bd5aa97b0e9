import { describe, expect, it } from "vitest";
import {
  compareProportions,
  fisherExactP,
  formatPValue,
  proportionTestFor,
  twoProportionZ,
  twoSidedNormalP,
  type ProportionTest,
} from "./significance";

// The expected p-values were worked out apart from this code: Fisher's by summing, in exact fractions, the
// hypergeometric probabilities C(K, k)·C(N − K, n1 − k)/C(N, n1) no larger than the observed one (Python's fractions
// and math.comb); the normal ones from Python's math.erfc(|z|/√2).

describe("twoProportionZ", () => {
  it.each([
    // x1, n1, x2, n2, z
    [60, 500, 40, 500, 2.1082],
    [40, 500, 60, 500, -2.1082],
    [10, 100, 10, 100, 0],
    [0, 0, 5, 10, 0],
    [0, 10, 0, 10, 0],
  ])("of %i/%i against %i/%i is %d", (x1, n1, x2, n2, z) => {
    expect(twoProportionZ(x1, n1, x2, n2)).toBeCloseTo(z, 4);
  });
});

describe("twoSidedNormalP", () => {
  it.each([
    [0, 1],
    [1.96, 0.04999579],
    [-1.6449, 0.09999043],
    [2.5758, 0.010000847],
    [3.2905, 0.001000095],
    [2.1081851067789, 0.035014981],
    [0.5157792153519, 0.606008621],
  ])("of z = %d is %d", (z, p) => {
    // The fit's fractional error is below 1.2e-7.
    expect(Math.abs(twoSidedNormalP(z) - p) / p).toBeLessThan(5e-7);
  });
});

describe("fisherExactP (two-sided)", () => {
  it.each([
    // x1, n1, x2, n2, p
    [3, 4, 1, 4, 0.4857142857], // the tea-tasting table
    [1, 4, 3, 4, 0.4857142857],
    [12, 12, 0, 6, 0.0000538677], // 1 / C(18, 12)
    [0, 6, 12, 12, 0.0000538677],
    [2, 20, 10, 20, 0.0138141479],
    [7, 30, 1, 30, 0.0523148439],
    [3, 1000, 0, 1000, 0.2496248124],
    [9, 40, 3, 40, 0.1148880694],
    [4, 10, 0, 10, 0.0866873065],
    [10, 31, 3, 35, 0.0277357339],
    [5, 10, 5, 10, 1], // identical rates
    [1, 100, 2, 100, 1],
    [1, 31, 0, 2, 1],
    [0, 10, 0, 10, 1], // no successes: one table
    [10, 10, 10, 10, 1], // no failures: one table
    [0, 0, 0, 0, 1], // nothing sent
  ])("of %i/%i against %i/%i is %d", (x1, n1, x2, n2, p) => {
    expect(fisherExactP(x1, n1, x2, n2)).toBeCloseTo(p, 9);
  });

  it("stays finite for a large, lopsided table (no factorials formed)", () => {
    // 1 of 5,000,000 against 40 of 5,000,000: with rows this large the 41 successes split nearly as Binomial(41, ½),
    // and the two tails as unlikely as 1:40 are 2 · (1 + 41) / 2^41 ≈ 3.82e-11.
    expect(fisherExactP(1, 5_000_000, 40, 5_000_000) / 3.82e-11).toBeCloseTo(1, 2);
  });
});

describe("which test", () => {
  it.each<[number, number, number, number, ProportionTest]>([
    [60, 500, 40, 500, "z"],
    [5, 30, 5, 30, "z"], // expected counts 5 and 25: the rule just holds
    [1, 30, 7, 30, "fisher"], // smallest expected count 4
    [10, 29, 10, 500, "fisher"], // fewer than 30 sent
    [12, 12, 0, 6, "fisher"],
    [0, 0, 0, 0, "fisher"],
  ])("for %i/%i against %i/%i is %s", (x1, n1, x2, n2, test) => {
    expect(proportionTestFor(x1, n1, x2, n2)).toBe(test);
    expect(compareProportions(x1, n1, x2, n2).test).toBe(test);
  });
});

describe("formatPValue", () => {
  it.each([
    [0.4857142857, "p = 0.49"],
    [0.035015, "p = 0.035"],
    [1, "p = 1.0"],
    [0.00053867, "p = 0.00054"],
    [0.0001, "p = 0.00010"],
    [0.0000538677, "p < 0.0001"],
    [0, "p < 0.0001"],
    // Two figures would write 0.050, which reads as not significant: more figures until the side is plain.
    [0.0496, "p = 0.0496"],
    [0.049999, "p = 0.049999"],
    [0.05, "p = 0.050"],
    [0.0504, "p = 0.050"],
  ])("of %d is %s", (p, text) => {
    expect(formatPValue(p)).toBe(text);
  });
});
