// Two proportions compared (x1 successes of n1 against x2 of n2), for the A/B test's significance note
// (contract/domain/splits.ts): the two-proportion z-test while the normal approximation holds, Fisher's exact test
// on the 2x2 table when it does not. Pure arithmetic, so the server and the console read the same figures.

/** Two-sided 95%: a difference is significant when p is below this. */
export const SIGNIFICANCE_ALPHA = 0.05;

/**
 * Cochran's rule for the 2x2 table: the normal approximation holds when every expected count (row total × column
 * total / n) is at least 5. Our variants also need 30 recipients each before the z-test is used.
 */
export const MIN_EXPECTED_COUNT = 5;
export const Z_TEST_MIN_SENT = 30;

/** The two-proportion z statistic of x1/n1 against x2/n2 (pooled); 0 when it cannot be computed. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number {
  if (n1 === 0 || n2 === 0) return 0;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return se === 0 ? 0 : (x1 / n1 - x2 / n2) / se;
}

/**
 * The complementary error function, erfc(x) = 1 - erf(x): the Chebyshev fit of Numerical Recipes (2nd ed., §6.2,
 * "erfcc"), fractional error below 1.2e-7 everywhere, far finer than the two figures the note shows.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z| / √2). */
export const twoSidedNormalP = (z: number): number => erfc(Math.abs(z) / Math.SQRT2);

/**
 * Fisher's exact test, two-sided, of x1/n1 against x2/n2. With the margins fixed (K = x1 + x2 successes of
 * N = n1 + n2), the first row's successes X follow the hypergeometric distribution
 *   P(X = k) = C(K, k) · C(N − K, n1 − k) / C(N, n1),  k from max(0, n1 + K − N) to min(n1, K),
 * and the two-sided p-value is the sum of P(X = k) over every k no more likely than the observed x1 (the rule of R's
 * fisher.test, with its relative tolerance of 1e-7 so ties in exact arithmetic stay ties in floating point).
 * Consecutive terms are walked by their ratio, P(k + 1) / P(k) = (K − k)(n1 − k) / ((k + 1)(N − K − n1 + k + 1)),
 * in logarithms, so no factorial is formed and the cost is the number of possible tables. 1 when a row or column is
 * empty (only one table is possible).
 */
export function fisherExactP(x1: number, n1: number, x2: number, n2: number): number {
  const n = n1 + n2;
  const k = x1 + x2;
  const lo = Math.max(0, n1 + k - n);
  const hi = Math.min(n1, k);
  if (lo === hi) return 1;
  const logs: number[] = [0];
  for (let i = lo; i < hi; i++)
    logs.push(logs[logs.length - 1] + Math.log(((k - i) * (n1 - i)) / ((i + 1) * (n - k - n1 + i + 1))));
  const top = logs.reduce((a, b) => Math.max(a, b), -Infinity);
  const weights = logs.map((l) => Math.exp(l - top));
  const observed = weights[x1 - lo];
  const total = weights.reduce((a, b) => a + b, 0);
  const tail = weights.filter((w) => w <= observed * (1 + 1e-7)).reduce((a, b) => a + b, 0);
  return Math.min(1, tail / total);
}

export type ProportionTest = "fisher" | "z";
export const PROPORTION_TEST_NAMES: Record<ProportionTest, string> = {
  fisher: "Fisher's exact test",
  z: "two-proportion z-test",
};

/** Which test the table takes: the z-test when the normal approximation holds (see above), Fisher's otherwise. */
export function proportionTestFor(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  const n = n1 + n2;
  const k = x1 + x2;
  const smallestExpected = n === 0 ? 0 : (Math.min(n1, n2) * Math.min(k, n - k)) / n;
  return n1 >= Z_TEST_MIN_SENT && n2 >= Z_TEST_MIN_SENT && smallestExpected >= MIN_EXPECTED_COUNT ? "z" : "fisher";
}

/** x1/n1 against x2/n2: the test used and its two-sided p-value. */
export function compareProportions(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
): { test: ProportionTest; p: number } {
  const test = proportionTestFor(x1, n1, x2, n2);
  const p = test === "z" ? twoSidedNormalP(twoProportionZ(x1, n1, x2, n2)) : fisherExactP(x1, n1, x2, n2);
  return { test, p };
}

const P_FLOOR = 0.0001;

/**
 * "p = 0.035", "p = 1.0", "p < 0.0001": two significant figures, more when two would round across the 5% line (0.0496 is not
 * written "0.050", which would read as not significant), and below 0.0001 only "< 0.0001".
 */
export function formatPValue(p: number): string {
  if (p < P_FLOOR) return `p < ${P_FLOOR}`;
  let digits = 2;
  let shown = p.toPrecision(digits);
  while (digits < 6 && Number(shown) < SIGNIFICANCE_ALPHA !== p < SIGNIFICANCE_ALPHA) shown = p.toPrecision(++digits);
  return `p = ${shown}`;
}
