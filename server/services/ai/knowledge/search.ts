// Knowledge search: PostgreSQL full-text search (PGlite has it too). The question's words become English lexemes,
// each matched as a five-letter prefix (so "delivery" finds "delivered": the stemmer makes them "deliveri" and
// "deliv"); a passage scores the sum over the words it contains of ts_rank (title weighted above content) times the
// word's rarity among the passages the agent reaches (BM25's IDF). Passages tagged with the intent asked about rank
// higher and are found even without a shared word. With an embeddings endpoint the ranking is hybrid: full-text and
// embedding similarity, each normalised, averaged.
import { sql } from "drizzle-orm";
import type { SearchHit } from "../../../../contract/calls/ai-records";
import type { Db } from "../../../db/client";
import { pgArray, rowsOf } from "../../../db/sql";
import { embed, embeddingsConfigured } from "../llm";
import type { AiConfig } from "../../../config/ai";
import { entryIndexes, prepare, score } from "./term-index";
import { nearestPassages } from "./vectors";

export interface SearchInput {
  query: string;
  agentId: string | null;
  intent?: string | null;
  limit: number;
}

export interface SearchResult {
  hits: SearchHit[];
  mode: "full-text" | "hybrid";
}

const INTENT_FACTOR = 1.5;
const INTENT_BONUS = 0.3;
/** Passages tagged with the intent asked about that join the candidates without a shared word. */
const TAGGED = 20;
/** Candidates ranked again in SQL beyond those answered (the index's scores differ from SQL's by float4 rounding). */
const SHORTLIST_EXTRA = 10;

interface Row {
  id: number | string;
  knowledge_id: string;
  agent_id: string | null;
  title: string;
  content: string;
  intent: string | null;
  lexical: number;
  matched: number;
}

const boostOf = (lexical: number, passageIntent: string | null, intent: string | null | undefined) =>
  passageIntent && passageIntent === intent ? lexical * INTENT_FACTOR + INTENT_BONUS : lexical;

const byScore = (a: { score: number; id: number }, b: { score: number; id: number }) =>
  b.score - a.score || a.id - b.id;

/**
 * The candidates come from the in-process index (term-index.ts): every passage in scope having a word, scored; the
 * best, with the hybrid search's nearest, are then read and scored again in SQL (title, content, the exact ts_rank).
 */
async function lexicalSearch(
  db: Db,
  ownerId: string,
  input: SearchInput,
  extraIds: readonly number[],
  limit: number,
): Promise<{ rows: Row[]; terms: number }> {
  const { stems, entries } = await prepare(db, ownerId, input.query);

  // An agent reaches its own passages and the account's shared ones.
  const refs = entries.filter((e) => !input.agentId || e.agentId === null || e.agentId === input.agentId);
  const indexes = await entryIndexes(db, refs);
  const ranking = score(
    refs.map((ref, i) => ({ ref, index: indexes[i] })),
    stems,
  );
  const intent = input.intent ?? null;
  const candidates = ranking.scored.map((s) => ({ id: s.id, score: boostOf(s.lexical, s.intent, intent) }));
  if (intent) {
    const matched = new Set(candidates.map((c) => c.id));
    const tagged = ranking
      .tagged(intent)
      .filter((id) => !matched.has(id))
      .slice(0, TAGGED);
    candidates.push(...tagged.map((id) => ({ id, score: boostOf(0, intent, intent) })));
  }
  const shortlist = candidates
    .sort(byScore)
    .slice(0, limit + SHORTLIST_EXTRA)
    .map((c) => c.id);
  const ids = [...new Set([...shortlist, ...extraIds])];
  if (!ids.length) return { rows: [], terms: stems.length };
  const { terms } = ranking;
  const rows = await rowsOf<Row>(
    db,
    sql`with t as materialized (
          select u.idf, to_tsquery('simple', quote_literal(u.stem) || ':*') as q
          from unnest(${pgArray(terms.map((x) => x.stem))}::text[], ${`{${terms.map((x) => x.idf).join(",")}}`}::float8[]) as u(stem, idf)
        )
        select p.id, p.knowledge_id, p.agent_id, p.title, p.content, p.intent,
               coalesce(sum(t.idf * ts_rank(p.tsv, t.q, 1)) filter (where p.tsv @@ t.q), 0)::float8 as lexical,
               count(t.q) filter (where p.tsv @@ t.q)::int as matched
        from ai_passages p left join t on true
        where p.id = any(${`{${ids.join(",")}}`}::bigint[]) and p.user_id = ${ownerId}
        group by p.id`,
  );
  const ordered = rows
    .map((r) => ({ row: r, id: Number(r.id), score: boostOf(Number(r.lexical), r.intent, intent) }))
    .sort(byScore);
  return { rows: ordered.slice(0, limit).map((o) => o.row), terms: stems.length };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export async function searchKnowledge(
  db: Db,
  ownerId: string,
  input: SearchInput,
  ai?: AiConfig,
  log?: (err: unknown) => void,
): Promise<SearchResult> {
  let nearest: { id: number; similarity: number }[] = [];
  let mode: SearchResult["mode"] = "full-text";
  if (embeddingsConfigured(ai)) {
    try {
      const [vector] = await embed(ai, [input.query]);
      nearest = await nearestPassages(db, ownerId, input.agentId, vector, Math.max(input.limit, 20));
      mode = "hybrid";
    } catch (err) {
      // The endpoint is down: full-text search still answers.
      log?.(err);
    }
  }
  const { rows, terms } = await lexicalSearch(
    db,
    ownerId,
    input,
    nearest.map((n) => n.id),
    mode === "hybrid" ? Math.max(input.limit * 3, 30) : input.limit,
  );
  const similarity = new Map(nearest.map((n) => [n.id, n.similarity]));
  const boosted = (r: Row) => boostOf(Number(r.lexical), r.intent, input.intent);
  const best = Math.max(0, ...rows.map(boosted));
  const hits = rows.map((r) => {
    const lexical = boosted(r);
    const vectorScore = mode === "hybrid" ? (similarity.get(Number(r.id)) ?? 0) : null;
    const score =
      vectorScore === null ? lexical : 0.5 * (best > 0 ? lexical / best : 0) + 0.5 * Math.max(0, vectorScore);
    return {
      passageId: String(r.id),
      knowledgeId: r.knowledge_id,
      agentId: r.agent_id,
      title: r.title,
      content: r.content,
      intent: r.intent,
      score: round(score),
      coverage: terms ? round(r.matched / terms) : 0,
      vectorScore: vectorScore === null ? null : round(vectorScore),
    };
  });
  hits.sort((a, b) => b.score - a.score || Number(a.passageId) - Number(b.passageId));
  return { hits: hits.slice(0, input.limit), mode };
}
