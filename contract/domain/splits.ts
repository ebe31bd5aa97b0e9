// A/B splits (issue 41, item 4): a test is a group of 2-4 ordinary campaigns, one per variant, over one audience
// split by a stable hash of (split id, E.164 number) into a fraction in [0, 1). With a test share t and variant sizes
// s_i (percent, summing to 100), variant i takes the numbers whose fraction lies in its slice of [0, t); [t, 1) is held
// back for the winner. The server's ingest, the tests and the console's preview all read the rule from here.

import { compareProportions, formatPValue, PROPORTION_TEST_NAMES, SIGNIFICANCE_ALPHA } from "./significance";

export const SPLIT_VARIANTS_MIN = 2;
export const SPLIT_VARIANTS_MAX = 4;
export const SPLIT_SIZE_MIN = 1;
export const SPLIT_DECIDE_HOURS_MIN = 1;
export const SPLIT_DECIDE_HOURS_MAX = 720;
export const SPLIT_NAME_MAX = 100;
export const VARIANT_LABELS = ["A", "B", "C", "D"] as const;

export const WINNER_METRICS = ["delivery", "reply", "click", "conversion"] as const;
export type WinnerMetric = (typeof WINNER_METRICS)[number];
export const WINNER_METRIC_LABELS: Record<WinnerMetric, string> = {
  delivery: "delivery rate",
  reply: "reply rate",
  click: "click rate",
  conversion: "conversion rate",
};

/** testing: variants read, start and send; sending: the winner goes to the rest; completed: nothing left to do. */
export const SPLIT_STATUSES = ["testing", "sending", "completed", "failed"] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

/** A half-open interval [lo, hi) of fractions. */
export interface Slice {
  lo: number;
  hi: number;
}

/**
 * cyrb53: a 53-bit string hash, well mixed and the same in every JavaScript engine (no crypto module, so the console
 * can run it too). Not a secret: it only has to spread numbers evenly and never change.
 */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const TWO_53 = 2 ** 53;

/** A number's place in a split: a fraction in [0, 1), the same for the same (salt, number) in every run. */
export const splitFraction = (salt: string, e164: string): number => hash53(`${salt}|${e164}`) / TWO_53;

export const inSlice = (fraction: number, slice: Slice): boolean => fraction >= slice.lo && fraction < slice.hi;

/**
 * Each variant's slice of [0, t): bounds from the cumulative sizes, each computed by the one expression, so a
 * variant's hi is bit for bit its neighbour's lo (disjoint, no gap) and the last hi is t itself.
 */
export function variantSlices(testSharePercent: number, sizes: readonly number[]): Slice[] {
  const t = testSharePercent / 100;
  const bound = (cumulative: number) => (cumulative === 100 ? t : (t * cumulative) / 100);
  let cumulative = 0;
  return sizes.map((size) => {
    const lo = bound(cumulative);
    cumulative += size;
    return { lo, hi: bound(cumulative) };
  });
}

/** What the winner is sent to: everything the test held back. Empty when the test share is 100%. */
export const remainderSlice = (testSharePercent: number): Slice => ({ lo: testSharePercent / 100, hi: 1 });

export interface SplitShape {
  sizes: readonly number[];
  testSharePercent: number;
  decideAfterHours: number;
}

export interface SplitProblem {
  field: string;
  message: string;
}

export const SPLIT_MESSAGES = {
  variantCount: `an A/B test has ${SPLIT_VARIANTS_MIN} to ${SPLIT_VARIANTS_MAX} variants`,
  sizeMin: `each variant takes at least ${SPLIT_SIZE_MIN}% of the test`,
  sizeSum: (sum: number) => `the variants' sizes must add up to 100% (they add up to ${sum}%)`,
  testShare: "the test share is a whole percentage from 1 to 100",
  decideAfter: `decide after ${SPLIT_DECIDE_HOURS_MIN} to ${SPLIT_DECIDE_HOURS_MAX} hours`,
} as const;

/** The shape's problems, none for a valid split (both ends: the form's live sum and the server's refusal). */
export function splitProblems(shape: SplitShape): SplitProblem[] {
  const problems: SplitProblem[] = [];
  const { sizes } = shape;
  if (sizes.length < SPLIT_VARIANTS_MIN || sizes.length > SPLIT_VARIANTS_MAX)
    problems.push({ field: "variants", message: SPLIT_MESSAGES.variantCount });
  sizes.forEach((size, i) => {
    if (!Number.isInteger(size) || size < SPLIT_SIZE_MIN)
      problems.push({ field: `variants.${i}.sizePercent`, message: SPLIT_MESSAGES.sizeMin });
  });
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum !== 100) problems.push({ field: "variants", message: SPLIT_MESSAGES.sizeSum(sum) });
  const t = shape.testSharePercent;
  if (!Number.isInteger(t) || t < 1 || t > 100)
    problems.push({ field: "testSharePercent", message: SPLIT_MESSAGES.testShare });
  const h = shape.decideAfterHours;
  if (!Number.isInteger(h) || h < SPLIT_DECIDE_HOURS_MIN || h > SPLIT_DECIDE_HOURS_MAX)
    problems.push({ field: "decideAfterHours", message: SPLIT_MESSAGES.decideAfter });
  return problems;
}

/** A variant's figures: recipients sent, and of them delivered, replied, clicked (people) and converted. */
export interface VariantFigures {
  sent: number;
  delivered: number;
  replied: number;
  clicked: number;
  converted: number;
}

const SUCCESSES: Record<WinnerMetric, keyof VariantFigures> = {
  delivery: "delivered",
  reply: "replied",
  click: "clicked",
  conversion: "converted",
};

export const successesOf = (figures: VariantFigures, metric: WinnerMetric): number => figures[SUCCESSES[metric]];

/** The metric's rate per recipient sent (0 before anything was sent). */
export const rateOf = (figures: VariantFigures, metric: WinnerMetric): number =>
  figures.sent > 0 ? successesOf(figures, metric) / figures.sent : 0;

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const described = (label: string, figures: VariantFigures, metric: WinnerMetric) =>
  `${label} ${percent(rateOf(figures, metric))} (${successesOf(figures, metric)} of ${figures.sent} sent)`;

/** The variant with the highest rate of the metric; a tie goes to the earliest variant. Why, in words. */
export function pickWinner(
  variants: readonly VariantFigures[],
  metric: WinnerMetric,
): { index: number; reason: string } {
  let index = 0;
  variants.forEach((v, i) => {
    if (rateOf(v, metric) > rateOf(variants[index], metric)) index = i;
  });
  const label = WINNER_METRIC_LABELS[metric];
  const others = variants
    .map((v, i) => (i === index ? null : described(VARIANT_LABELS[i], v, metric)))
    .filter((s): s is string => s !== null);
  const tied = variants.some((v, i) => i !== index && rateOf(v, metric) === rateOf(variants[index], metric));
  const why = tied ? `ties go to the earliest variant` : `the highest ${label}`;
  return {
    index,
    reason: `${VARIANT_LABELS[index]} won on ${why}: ${described(VARIANT_LABELS[index], variants[index], metric)} against ${others.join(", ")}`,
  };
}

/** A note that a difference is significant starts so; the console colours it by this. */
export const SIGNIFICANT = "Significant";
export const isSignificantNote = (note: string): boolean => note.startsWith(SIGNIFICANT);

/**
 * The comparison's note: the leader against the runner-up by the metric (with 3-4 variants too), naming the test and
 * its two-sided p-value (contract/domain/significance.ts picks Fisher's exact test for small samples), e.g.
 * "Significant (Fisher's exact test, p = 0.0022): B's click rate is higher than A's", or why it cannot be said yet.
 */
export function significanceNote(variants: readonly VariantFigures[], metric: WinnerMetric): string {
  const order = variants.map((v, i) => i).sort((a, b) => rateOf(variants[b], metric) - rateOf(variants[a], metric));
  const [lead, next] = order;
  if (next === undefined) return "Not significant yet: nothing to compare";
  const a = variants[lead];
  const b = variants[next];
  if (a.sent === 0 || b.sent === 0) return "Not significant yet: nothing sent to compare";
  const label = WINNER_METRIC_LABELS[metric];
  if (rateOf(a, metric) === rateOf(b, metric)) return `Not significant yet: the ${label}s are equal`;
  const { test, p } = compareProportions(successesOf(a, metric), a.sent, successesOf(b, metric), b.sent);
  const phrase = `${VARIANT_LABELS[lead]}'s ${label} is higher than ${VARIANT_LABELS[next]}'s`;
  const how = `${PROPORTION_TEST_NAMES[test]}, ${formatPValue(p)}`;
  return p < SIGNIFICANCE_ALPHA
    ? `${SIGNIFICANT} (${how}): ${phrase}`
    : `Not significant yet (${how}, needs below ${SIGNIFICANCE_ALPHA}): ${phrase}`;
}
