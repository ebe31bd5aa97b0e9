// An inverted index of the passages, held in this process, one part per knowledge entry, so that search ranks without
// reading every passage having a common word. In SQL, each search read and ranked every passage having any of the
// question's words ("day", "team": all 10,000 of the bench's) and counted them for BM25's IDF: 65-110 ms on PGlite.
// Here each entry's passages are read once: for every stem (first five letters) a passage has, PostgreSQL's own ts_rank
// of the passage for that stem (the number search ranks by), kept until the entry changes. A change is seen by the
// entry's row version (xmin: every insert or update of the entry gives a new one, and passages are only written in the
// same transaction as their entry), listed at each search with the question's stems, so another process's writes are
// seen. A stem shorter than five letters is a whole lexeme ("day") and ranks that lexeme alone, so a short question
// stem ("day" also matches "daylight") sums the ranks of the stems it begins: PostgreSQL's ts_rank of the prefix, up to
// float4 rounding. search.ts ranks its shortlist again in SQL and reads the passages' text.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { rowsOf } from "../../../db/sql";

/** The characters of a lexeme that identify a word: the stemmer makes "delivery" "deliveri" and "delivered" "deliv". */
export const STEM_CHARS = 5;
/** Question words considered; a longer question keeps its first ones (in stem order). */
const MAX_TERMS = 16;
/** Passages kept across entries and accounts; the least recently searched entries are dropped past it. */
const MAX_PASSAGES = 300_000;

export interface EntryRef {
  id: string;
  agentId: string | null;
  intent: string | null;
  version: string;
}

interface Postings {
  ids: number[];
  ranks: number[];
}

interface EntryIndex {
  version: string;
  passages: number[];
  stems: Map<string, Postings>;
  /** The stems in order, for a short stem's prefix range (made when first needed). */
  sorted?: string[];
}

interface Cache {
  entries: Map<string, Promise<EntryIndex>>;
  /** Loaded entries' passage counts (an entry loading has none yet), for the budget. */
  sizes: Map<string, number>;
}

const caches = new WeakMap<Db, Cache>();

/** The question's stems and the account's knowledge entries with their versions, in one statement. */
export async function prepare(
  db: Db,
  ownerId: string,
  query: string,
): Promise<{ stems: string[]; entries: EntryRef[] }> {
  const [row] = await rowsOf<{ stems: string[]; entries: [string, string | null, string | null, string][] | null }>(
    db,
    sql`select array(select distinct left(lex, ${STEM_CHARS}) from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as lex order by 1 limit ${MAX_TERMS}) as stems,
               (select json_agg(json_build_array(k.id, k.agent_id, k.intent, k.xmin::text)) from ai_knowledge k where k.user_id = ${ownerId}) as entries`,
  );
  return {
    stems: row.stems,
    entries: (row.entries ?? []).map(([id, agentId, intent, version]) => ({ id, agentId, intent, version })),
  };
}

async function load(db: Db, refs: readonly EntryRef[]): Promise<Map<string, EntryIndex>> {
  const rows = await rowsOf<{
    knowledge_id: string;
    id: number | string;
    stems: string[] | null;
    ranks: number[] | null;
  }>(
    db,
    sql`select p.knowledge_id, p.id, r.stems, r.ranks
        from ai_passages p cross join lateral (
          select array_agg(s.stem) as stems, array_agg(ts_rank(p.tsv, s.q, 1)) as ranks
          from (select d.stem, to_tsquery('simple', quote_literal(d.stem) || case when length(d.stem) >= ${STEM_CHARS} then ':*' else '' end) as q
                from (select distinct left(lex, ${STEM_CHARS}) as stem from unnest(tsvector_to_array(p.tsv)) as lex) d) s
          where p.tsv @@ s.q
        ) r
        where p.knowledge_id = any(${`{${refs.map((r) => r.id).join(",")}}`}::uuid[])
        order by p.id`,
  );
  // Labelled with the version listed before reading: if the entry changed meanwhile, the next search reads it again.
  const built = new Map<string, EntryIndex>(
    refs.map((r) => [r.id, { version: r.version, passages: [], stems: new Map() }]),
  );
  for (const row of rows) {
    const entry = built.get(row.knowledge_id);
    if (!entry) continue;
    const id = Number(row.id);
    entry.passages.push(id);
    (row.stems ?? []).forEach((stem, i) => {
      let postings = entry.stems.get(stem);
      if (!postings) entry.stems.set(stem, (postings = { ids: [], ranks: [] }));
      postings.ids.push(id);
      postings.ranks.push(Number(row.ranks?.[i] ?? 0));
    });
  }
  return built;
}

/** The indexes of these entries, read again (all in one statement) for those whose version changed. */
export async function entryIndexes(db: Db, entries: readonly EntryRef[]): Promise<EntryIndex[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), sizes: new Map() }));
  const { entries: held, sizes } = cache;
  const stale: EntryRef[] = [];
  const found = new Map<string, Promise<EntryIndex>>();
  for (const entry of entries) {
    const hit = held.get(entry.id);
    // One still loading is used as it is (it is at least as new as this listing); a loaded one if of this version.
    if (hit && (!sizes.has(entry.id) || (await hit).version === entry.version)) {
      held.delete(entry.id);
      held.set(entry.id, hit);
      found.set(entry.id, hit);
    } else stale.push(entry);
  }
  if (!stale.length) return Promise.all(entries.map((e) => found.get(e.id) as Promise<EntryIndex>));
  const loading = load(db, stale);
  for (const entry of stale) {
    const one = loading.then((m) => m.get(entry.id) as EntryIndex);
    one.catch(() => undefined);
    held.delete(entry.id);
    sizes.delete(entry.id);
    held.set(entry.id, one);
    found.set(entry.id, one);
  }
  let built: Map<string, EntryIndex>;
  try {
    built = await loading;
  } catch (err) {
    // Not kept: the next search reads them again.
    for (const e of stale) if (held.get(e.id) === found.get(e.id)) held.delete(e.id);
    throw err;
  }
  for (const e of stale) if (held.get(e.id) === found.get(e.id)) sizes.set(e.id, built.get(e.id)?.passages.length ?? 0);
  let total = 0;
  for (const n of sizes.values()) total += n;
  for (const id of held.keys()) {
    if (total <= MAX_PASSAGES) break;
    if (found.has(id) || !sizes.has(id)) continue;
    total -= sizes.get(id) ?? 0;
    held.delete(id);
    sizes.delete(id);
  }
  return Promise.all(entries.map((e) => found.get(e.id) as Promise<EntryIndex>));
}

export interface Scored {
  id: number;
  intent: string | null;
  lexical: number;
  matched: number;
}

export interface Ranking {
  /** Stems some passage has, with their IDF (BM25's, among the passages in scope). */
  terms: { stem: string; idf: number }[];
  scored: Scored[];
  /** The passages in scope of the entries tagged with an intent, ascending. */
  tagged: (intent: string) => number[];
}

/**
 * The entry's postings of a stem, or of the stems a short one begins, each passage at the sum of its ranks: the
 * stems part the passage's lexemes (a five-letter one ranks the lexemes it begins, a shorter one the lexeme itself),
 * ts_rank adds up the lexemes a prefix matches, and normalisation 1 divides by the passage's length alone, so the sum
 * is the passage's ts_rank for the short stem.
 */
function postingsOf(index: EntryIndex, stem: string): Postings | undefined {
  if ([...stem].length >= STEM_CHARS) return index.stems.get(stem);
  const sorted = (index.sorted ??= [...index.stems.keys()].sort());
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < stem) lo = mid + 1;
    else hi = mid;
  }
  const lists: Postings[] = [];
  for (let i = lo; i < sorted.length && sorted[i].startsWith(stem); i += 1)
    lists.push(index.stems.get(sorted[i]) as Postings);
  if (lists.length <= 1) return lists[0];
  const sum = new Map<number, number>();
  for (const list of lists) list.ids.forEach((id, i) => sum.set(id, (sum.get(id) ?? 0) + list.ranks[i]));
  return { ids: [...sum.keys()], ranks: [...sum.values()] };
}

/** Each passage having a stem: sum over the stems of IDF x ts_rank, and how many stems it has. */
export function score(scope: readonly { ref: EntryRef; index: EntryIndex }[], stems: readonly string[]): Ranking {
  const passages = Math.max(
    1,
    scope.reduce((n, e) => n + e.index.passages.length, 0),
  );
  const byId = new Map<number, Scored>();
  const terms: Ranking["terms"] = [];
  for (const stem of stems) {
    const lists = scope.flatMap(({ ref, index }) => {
      const postings = postingsOf(index, stem);
      return postings ? [{ intent: ref.intent, postings }] : [];
    });
    // Passages belong to one entry each: the entries' counts add up.
    const df = lists.reduce((n, l) => n + l.postings.ids.length, 0);
    if (!df) continue;
    const idf = Math.log(1 + (passages - df + 0.5) / (df + 0.5));
    terms.push({ stem, idf });
    for (const { intent, postings } of lists) {
      const { ids, ranks } = postings;
      for (let i = 0; i < ids.length; i += 1) {
        const s = byId.get(ids[i]);
        if (s) {
          s.lexical += idf * ranks[i];
          s.matched += 1;
        } else byId.set(ids[i], { id: ids[i], intent, lexical: idf * ranks[i], matched: 1 });
      }
    }
  }
  return {
    terms,
    scored: [...byId.values()],
    tagged: (intent) =>
      scope
        .filter((e) => e.ref.intent === intent)
        .flatMap((e) => e.index.passages)
        .sort((a, b) => a - b),
  };
}
