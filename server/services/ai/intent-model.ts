// Each agent's classifier, trained from its enabled intents and kept in this process. Before use, one cheap query
// reads a fingerprint of the agent's intents (ids and change times): any create, edit or delete, made here or by
// another process on the same PostgreSQL, changes it and the classifier is trained again.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiIntents } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { trainClassifier, type IntentModel } from "./nlp/classifier";
import type { IntentRow } from "./records";

interface Entry {
  fingerprint: string;
  trained: Promise<{ model: IntentModel; intents: IntentRow[]; trainedAt: Date }>;
}

const MAX_AGENTS = 200;
const cache = new Map<string, Entry>();

async function fingerprint(db: Db, agentId: string): Promise<string> {
  const [row] = await rowsOf<{ f: string | null }>(
    db,
    sql`select md5(string_agg(id::text || ':' || extract(epoch from updated_at)::text, ',' order by id)) as f from ai_intents where agent_id = ${agentId} and enabled`,
  );
  return row?.f ?? "none";
}

export async function intentModel(db: Db, agentId: string) {
  const print = await fingerprint(db, agentId);
  const found = cache.get(agentId);
  if (found && found.fingerprint === print) {
    // Most recently used last, so the oldest is evicted first.
    cache.delete(agentId);
    cache.set(agentId, found);
    return found.trained;
  }
  const trained = (async () => {
    const intents = await db
      .select()
      .from(aiIntents)
      .where(and(eq(aiIntents.agentId, agentId), eq(aiIntents.enabled, true)))
      .orderBy(asc(aiIntents.name));
    const model = await trainClassifier(intents.map((i) => ({ id: i.id, name: i.name, examples: i.examples })));
    return { model, intents, trainedAt: new Date() };
  })();
  cache.set(agentId, { fingerprint: print, trained });
  trained.catch(() => cache.delete(agentId));
  while (cache.size > MAX_AGENTS) cache.delete(cache.keys().next().value as string);
  return trained;
}
