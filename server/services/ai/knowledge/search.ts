// Knowledge search: PostgreSQL full-text search (PGlite has it too). The question's words become English lexemes,
// each matched as a five-letter prefix (so "delivery" finds "delivered": the stemmer makes them "deliveri" and
// "deliv"); a passage scores the sum over the words it contains of ts_rank (title weighted above content) times the
// word's rarity among the account's passages (BM25's IDF, counted in the same statement). Passages tagged with the
// intent asked about rank higher and are found even without a shared word. With an embeddings endpoint the ranking is
// hybrid: full-text and embedding similarity, each normalised, averaged.
import { sql } from "drizzle-orm";
import type { SearchHit } from "../../../../contract/calls/ai-records";
import type { Db } from "../../../db/client";
import { rowsOf } from "../../campaigns/dispatch-sql";
import { embed, embeddingsConfigured, type AiConfig } from "../llm";
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

/** Query words considered; a longer question keeps its first ones. */
const MAX_TERMS = 16;
const INTENT_FACTOR = 1.5;
const INTENT_BONUS = 0.3;

interface Row {
  id: number | string;
  knowledge_id: string;
  agent_id: string | null;
  title: string;
  content: string;
  intent: string | null;
  lexical: number;
  matched: number;
  terms: number;
}

// `total` is MATERIALIZED: inlined, the planner (whose estimates on PGlite, without autovacuum's ANALYZE, say one row)
// counted the account's passages again for every hit: 40,000 counts of 10,000 rows, minutes for one search.
function lexicalSearch(db: Db, ownerId: string, input: SearchInput, extraIds: readonly number[], limit: number): Promise<Row[]> {
  const agent = input.agentId;
  // An agent reaches its own passages and the account's shared ones.
  const inScope = () => (agent ? sql`(p.agent_id = ${agent}::uuid or p.agent_id is null)` : sql`true`);
  const intent = input.intent ?? null;
  const extra = extraIds.length ? sql`${`{${extraIds.join(",")}}`}::bigint[]` : sql`'{}'::bigint[]`;
  return rowsOf<Row>(
    db,
    sql`with terms as (
          select distinct left(lex, 5) as stem from unnest(tsvector_to_array(to_tsvector('english', ${input.query}))) as lex limit ${MAX_TERMS}
        ), tq as (
          select stem, to_tsquery('simple', quote_literal(stem) || ':*') as q from terms
        ), hits as (
          select p.id, ts_rank(p.tsv, tq.q, 1) as tf, count(*) over (partition by tq.stem) as df
          from tq join ai_passages p on p.tsv @@ tq.q
          where p.user_id = ${ownerId} and ${inScope()}
        ), total as materialized (
          select greatest(count(*), 1)::float8 as n from ai_passages p where p.user_id = ${ownerId} and ${inScope()}
        ), scored as (
          select h.id, sum(ln(1 + (total.n - h.df + 0.5) / (h.df + 0.5)) * h.tf) as lexical, count(*)::int as matched
          from hits h cross join total group by h.id
        ), tagged as (
          select p.id, 0::float8 as lexical, 0 as matched from ai_passages p
          where ${intent}::text is not null and p.user_id = ${ownerId} and p.intent = ${intent} and ${inScope()}
            and p.id not in (select id from scored) limit 20
        ), wanted as (
          select p.id, 0::float8 as lexical, 0 as matched from ai_passages p
          where p.id = any(${extra}) and p.user_id = ${ownerId} and p.id not in (select id from scored) and p.id not in (select id from tagged)
        ), candidates as (select * from scored union all select * from tagged union all select * from wanted)
        select p.id, p.knowledge_id, p.agent_id, p.title, p.content, p.intent, c.lexical, c.matched, (select count(*)::int from terms) as terms
        from candidates c join ai_passages p on p.id = c.id
        order by c.lexical * (case when p.intent = ${intent} then ${INTENT_FACTOR}::float8 else 1.0 end) + (case when p.intent = ${intent} then ${INTENT_BONUS}::float8 else 0.0 end) desc, p.id
        limit ${limit}`,
  );
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export async function searchKnowledge(db: Db, ownerId: string, input: SearchInput, ai?: AiConfig, log?: (err: unknown) => void): Promise<SearchResult> {
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
  const rows = await lexicalSearch(db, ownerId, input, nearest.map((n) => n.id), mode === "hybrid" ? Math.max(input.limit * 3, 30) : input.limit);
  const similarity = new Map(nearest.map((n) => [n.id, n.similarity]));
  const boosted = (r: Row) => Number(r.lexical) * (r.intent && r.intent === input.intent ? INTENT_FACTOR : 1) + (r.intent && r.intent === input.intent ? INTENT_BONUS : 0);
  const best = Math.max(0, ...rows.map(boosted));
  const hits = rows.map((r) => {
    const lexical = boosted(r);
    const vectorScore = mode === "hybrid" ? (similarity.get(Number(r.id)) ?? 0) : null;
    const score = vectorScore === null ? lexical : 0.5 * (best > 0 ? lexical / best : 0) + 0.5 * Math.max(0, vectorScore);
    return {
      passageId: String(r.id), knowledgeId: r.knowledge_id, agentId: r.agent_id, title: r.title, content: r.content, intent: r.intent,
      score: round(score), coverage: r.terms ? round(r.matched / r.terms) : 0, vectorScore: vectorScore === null ? null : round(vectorScore),
    };
  });
  hits.sort((a, b) => b.score - a.score || Number(a.passageId) - Number(b.passageId));
  return { hits: hits.slice(0, input.limit), mode };
}
