// Passage embeddings held in this process for hybrid search: PGlite 0.5 and Debian's PostgreSQL 15 have no pgvector,
// so embeddings are stored as real[] beside the passages and compared here (10,000 passages of 1,536 dimensions are
// ~60 MB and one scan ~15 ms). Loaded per account on first use and again when its passages change (a cheap
// fingerprint query: count, embedded count, newest id) or after a minute.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { rowsOf } from "../../../db/sql";

interface Index {
  fingerprint: string;
  loadedAt: number;
  ids: number[];
  agents: (string | null)[];
  vectors: Float32Array[];
}

const TTL_MS = 60_000;
const MAX_ACCOUNTS = 50;
const indexes = new Map<string, Promise<Index>>();

async function fingerprint(db: Db, ownerId: string): Promise<string> {
  const [row] = await rowsOf<{ f: string }>(
    db,
    sql`select count(*) || ':' || count(embedding) || ':' || coalesce(max(id), 0) as f from ai_passages where user_id = ${ownerId}`,
  );
  return row.f;
}

function unit(values: readonly number[]): Float32Array {
  const v = Float32Array.from(values);
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i += 1) v[i] /= n;
  return v;
}

async function load(db: Db, ownerId: string, print: string): Promise<Index> {
  const rows = await rowsOf<{ id: number | string; agent_id: string | null; embedding: number[] }>(
    db,
    sql`select id, agent_id, embedding from ai_passages where user_id = ${ownerId} and embedding is not null`,
  );
  return {
    fingerprint: print,
    loadedAt: Date.now(),
    ids: rows.map((r) => Number(r.id)),
    agents: rows.map((r) => r.agent_id),
    vectors: rows.map((r) => unit(r.embedding)),
  };
}

async function indexOf(db: Db, ownerId: string): Promise<Index> {
  const print = await fingerprint(db, ownerId);
  const current = indexes.get(ownerId);
  if (current) {
    const found = await current.catch(() => undefined);
    if (found && found.fingerprint === print && Date.now() - found.loadedAt < TTL_MS) return found;
  }
  const next = load(db, ownerId, print);
  indexes.set(ownerId, next);
  next.catch(() => indexes.delete(ownerId));
  while (indexes.size > MAX_ACCOUNTS) indexes.delete(indexes.keys().next().value as string);
  return next;
}

/**
 * The passages most similar to the query's embedding, best first, within the agent's reach (its own and shared ones).
 */
export async function nearestPassages(
  db: Db,
  ownerId: string,
  agentId: string | null,
  query: readonly number[],
  limit: number,
): Promise<{ id: number; similarity: number }[]> {
  const index = await indexOf(db, ownerId);
  const q = unit(query);
  const scored: { id: number; similarity: number }[] = [];
  for (let i = 0; i < index.ids.length; i += 1) {
    if (agentId && index.agents[i] !== null && index.agents[i] !== agentId) continue;
    const v = index.vectors[i];
    if (v.length !== q.length) continue;
    let dot = 0;
    for (let d = 0; d < v.length; d += 1) dot += v[d] * q[d];
    scored.push({ id: index.ids[i], similarity: dot });
  }
  return scored.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}
