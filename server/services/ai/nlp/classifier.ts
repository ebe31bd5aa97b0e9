// Intent classification without network: trained in process from an agent's example phrases. Each example and each
// message becomes a BM25-weighted bag of features (wink-nlp's vectorizer: words shared by many examples weigh
// little); an intent's score is its best example's cosine similarity blended with its centroid's. Both are absolute
// measures of closeness, so a message like none of the examples scores low for every intent: that is what lets an
// agent hand over instead of guessing.
import type { Bow, WinkMethods } from "wink-nlp";
import { featuresOf, loadNlp, prefixOf, words } from "./tokens";

export interface TrainingIntent {
  id: string;
  name: string;
  examples: readonly string[];
}

export interface IntentScore {
  intentId: string;
  intent: string;
  score: number;
}

export interface Classification {
  /** Every intent, best first. */
  ranked: IntentScore[];
  /**
   * How sure the best intent is (0-1): its score, lowered when the message's words are unknown to it (a message about
   * something else shares only "what is the") and when the runner-up is nearly as good.
   */
  confidence: number;
  /** Share of the message's content words the best intent's examples know (0-1; 1 without content words). */
  known: number;
}

export interface IntentModel {
  readonly intents: number;
  classify(text: string): Classification;
}

/** How much of an intent's score comes from its nearest example (the rest from its centroid). */
const NEAREST_WEIGHT = 0.6;
/** A score at or above this is as close as paraphrases get (measured on the marketplace's held-out phrases). */
const SCORE_FULL = 0.45;
/** A lead of this share of the best score over the runner-up is a clear winner. */
const MARGIN_FULL = 0.3;

type Sparse = Map<string, number>;

const toSparse = (bow: Bow): Sparse => new Map(Object.entries(bow as Record<string, number>));

function norm(v: Sparse): number {
  let sum = 0;
  for (const x of v.values()) sum += x * x;
  return Math.sqrt(sum);
}

function cosine(a: Sparse, b: Sparse, normA: number, normB: number): number {
  if (!normA || !normB) return 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [k, x] of small) {
    const y = large.get(k);
    if (y !== undefined) dot += x * y;
  }
  return dot / (normA * normB);
}

interface Trained {
  id: string;
  name: string;
  examples: { v: Sparse; n: number }[];
  centroid: Sparse;
  centroidNorm: number;
  /** Content lemmas of its examples, and their prefixes. */
  vocabulary: Set<string>;
}

export async function trainClassifier(intents: readonly TrainingIntent[]): Promise<IntentModel> {
  const nlp = await loadNlp();
  return train(nlp, intents, await bm25Factory());
}

async function bm25Factory() {
  const { default: bm25 } = await import("wink-nlp/utilities/bm25-vectorizer.js");
  return bm25;
}

function train(
  nlp: WinkMethods,
  intents: readonly TrainingIntent[],
  bm25: Awaited<ReturnType<typeof bm25Factory>>,
): IntentModel {
  const usable = intents.filter((i) => i.examples.length > 0);
  if (usable.length === 0) return { intents: 0, classify: () => ({ ranked: [], confidence: 0, known: 0 }) };
  const vectorizer = bm25({ k: 1, k1: 1.2, b: 0.75, norm: "l2" });
  const docs: { intent: number; tokens: string[] }[] = [];
  const trained: Trained[] = usable.map((i) => ({
    id: i.id,
    name: i.name,
    examples: [],
    centroid: new Map(),
    centroidNorm: 0,
    vocabulary: new Set(),
  }));
  usable.forEach((intent, index) => {
    for (const example of intent.examples) {
      const w = words(nlp, example);
      const tokens = featuresOf(w);
      if (tokens.length === 0) continue;
      vectorizer.learn(tokens);
      docs.push({ intent: index, tokens });
      for (const lemma of [...w.content, ...w.lemmas]) trained[index].vocabulary.add(lemma).add(prefixOf(lemma));
    }
  });
  if (docs.length === 0) return { intents: 0, classify: () => ({ ranked: [], confidence: 0, known: 0 }) };
  docs.forEach((doc, n) => {
    const v = toSparse(vectorizer.doc(n).out(nlp.its.bow) as Bow);
    const target = trained[doc.intent];
    target.examples.push({ v, n: norm(v) });
    for (const [k, x] of v) target.centroid.set(k, (target.centroid.get(k) ?? 0) + x);
  });
  for (const t of trained) t.centroidNorm = norm(t.centroid);

  const classifyOne = (text: string): Classification => {
    const w = words(nlp, text);
    const tokens = featuresOf(w);
    if (tokens.length === 0)
      return { ranked: trained.map((t) => ({ intentId: t.id, intent: t.name, score: 0 })), confidence: 0, known: 0 };
    const q = toSparse(vectorizer.bowOf(tokens));
    const qn = norm(q);
    const ranked = trained
      .map((t) => {
        let nearest = 0;
        for (const e of t.examples) nearest = Math.max(nearest, cosine(q, e.v, qn, e.n));
        const central = cosine(q, t.centroid, qn, t.centroidNorm);
        return {
          intentId: t.id,
          intent: t.name,
          score: round(NEAREST_WEIGHT * nearest + (1 - NEAREST_WEIGHT) * central),
        };
      })
      .sort((a, b) => b.score - a.score);
    const best = ranked[0]?.score ?? 0;
    const second = ranked[1]?.score ?? 0;
    const top = trained.find((t) => t.id === ranked[0]?.intentId);
    const content = w.content.length ? w.content : [];
    const known =
      content.length && top
        ? content.filter((c) => top.vocabulary.has(c) || top.vocabulary.has(prefixOf(c))).length / content.length
        : 1;
    // Two intents almost tied is not a confident answer, however close the message is to both.
    const margin = best > 0 ? Math.min(1, (best - second) / best / MARGIN_FULL) : 0;
    return {
      ranked,
      confidence: round(Math.min(1, best / SCORE_FULL) * (0.3 + 0.7 * known) * (0.7 + 0.3 * margin)),
      known: round(known),
    };
  };

  return {
    intents: trained.filter((t) => t.examples.length > 0).length,
    classify(text: string): Classification {
      const whole = classifyOne(text);
      // A short opener ("Hi, …", "Good morning, …") is not what a message is about: when the intent it won explains
      // under half of the message's words, the rest decides (confident or not: an unknown question then goes to the
      // knowledge or a person, never to the greeting's reply).
      const opener = OPENER.exec(text);
      if (!opener || whole.known >= 0.5) return whole;
      const rest = text.slice(opener[0].length);
      if (
        featuresOf(words(nlp, rest)).length === 0 ||
        classifyOne(opener[1]).ranked[0]?.intentId !== whole.ranked[0]?.intentId
      )
        return whole;
      return classifyOne(rest);
    },
  };
}

/** Up to three words before the first comma, full stop, exclamation or question mark, colon, semicolon or dash. */
const OPENER = /^\s*((?:[^\s,.!?;:\u2013\u2014-]+\s*){1,3})[,.!?;:\u2013\u2014-]+/u;

const round = (x: number) => Math.round(x * 1000) / 1000;
