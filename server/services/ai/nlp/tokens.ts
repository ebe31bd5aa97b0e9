// Words of a message as the classifier sees them, read with wink-nlp and its English model (no network, ~4 MB,
// loaded once on first use). Lemmas make "arrived"/"arrive" and "is"/"be" one word, wink's normal form makes "pls"
// "please"; a five-letter prefix joins what lemmas keep apart ("delivery"/"delivered", "cancel"/"cancellation");
// bigrams keep some word order ("talk to", "where is").
import type { WinkMethods } from "wink-nlp";

let loading: Promise<WinkMethods> | undefined;

/** The wink pipeline, loaded on first use: the model costs ~150 ms and ~30 MB, paid only by accounts with agents. */
export function loadNlp(): Promise<WinkMethods> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([
      import("wink-nlp"),
      import("wink-eng-lite-web-model"),
    ]);
    // pos is needed for lemmas; sentence boundaries, entities and negation are not.
    return winkNLP(model, ["pos"]);
  })();
  return loading;
}

const PREFIX = 5;

export interface Words {
  /** Lemmas of the words and numbers, lower case, in order. */
  lemmas: string[];
  /** The lemmas that are not stop words ("where", "is", "my" are): what a message is about. */
  content: string[];
}

export function words(nlp: WinkMethods, text: string): Words {
  const its = nlp.its;
  const tokens = nlp.readDoc(text.slice(0, 2000)).tokens();
  const types = tokens.out(its.type) as string[];
  // wink's typings give `lemma` an addon-taking signature `out` does not accept; at run time it is a token helper.
  const lemmaList = tokens.out(its.lemma as unknown as typeof its.normal) as string[];
  const stop = tokens.out(its.stopWordFlag) as boolean[];
  const out: Words = { lemmas: [], content: [] };
  for (let i = 0; i < lemmaList.length; i += 1) {
    if (types[i] !== "word" && types[i] !== "number") continue;
    const lemma = lemmaList[i].toLowerCase();
    out.lemmas.push(lemma);
    if (!stop[i]) out.content.push(lemma);
  }
  return out;
}

/** The features of a text: lemmas, five-letter prefixes of longer words, and bigrams of neighbouring lemmas. */
export function featuresOf(w: Words): string[] {
  const out = [...w.lemmas];
  for (const lemma of w.lemmas) if (lemma.length > PREFIX + 1) out.push(prefixOf(lemma));
  for (let i = 1; i < w.lemmas.length; i += 1) out.push(`${w.lemmas[i - 1]} ${w.lemmas[i]}`);
  return out;
}

export const prefixOf = (lemma: string) => `${lemma.slice(0, PREFIX)}~`;

export const features = (nlp: WinkMethods, text: string) => featuresOf(words(nlp, text));
