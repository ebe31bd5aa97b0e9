import { and, asc, count, eq, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../schemas";
import type { CallQuery } from "../../../contract/calls";
import type { ClassificationRecord } from "../../../contract/calls/ai-records";
import type { Db } from "../../db/client";
import { aiIntents } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { rowsOf } from "../../db/sql";
import { pageWindow, totalPages } from "../paging";
import { intentModel } from "./intent-model";
import { toIntentRecord, type AgentRow, type IntentRow } from "./records";
import { agentField, agentNames } from "./tenant";

export const INTENT_NOT_FOUND = "Intent not found";
type IntentFields = Omit<SchemaBody<"ai-intent">, "agentId">;

const examplesOf = (examples: readonly string[]) => {
  const seen = new Set<string>();
  return examples
    .map((e) => e.replace(/\s+/g, " ").trim())
    .filter((e) => e && !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
};

const NAME_TAKEN = (name: string) => `This agent already has an intent named “${name}”`;

function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  return work().catch((err: unknown) => {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === "23505") throw conflict(NAME_TAKEN(name));
    throw err;
  });
}

const valuesOf = (agent: AgentRow, input: IntentFields) => ({
  userId: agent.userId,
  agentId: agent.id,
  name: input.name,
  description: input.description?.trim() ?? "",
  examples: examplesOf(input.examples),
  action: input.action,
  response: input.response?.trim() ?? "",
  enabled: input.enabled ?? true,
});

export async function ownIntent(db: Db, ownerId: string, id: string): Promise<IntentRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiIntents)
        .where(and(eq(aiIntents.id, id), eq(aiIntents.userId, ownerId)))
    : [];
  if (!row) throw notFound(INTENT_NOT_FOUND);
  return row;
}

export async function intentRecord(db: Db, ownerId: string, row: IntentRow) {
  return toIntentRecord(row, (await agentNames(db, ownerId, [row.agentId])).get(row.agentId) ?? "");
}

export async function createIntent(
  db: Db,
  ownerId: string,
  input: SchemaBody<"ai-intent">,
): Promise<{ row: IntentRow; agent: AgentRow }> {
  const agent = await agentField(db, ownerId, input.agentId);
  if (!agent) throw notFound();
  const values = valuesOf(agent, input);
  return uniqueName(values.name, async () => ({
    row: (await db.insert(aiIntents).values(values).returning())[0],
    agent,
  }));
}

export async function updateIntent(db: Db, row: IntentRow, input: SchemaBody<"ai-intent-update">): Promise<IntentRow> {
  const next = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.examples !== undefined ? { examples: examplesOf(input.examples) } : {}),
    ...(input.action !== undefined ? { action: input.action } : {}),
    ...(input.response !== undefined ? { response: input.response.trim() } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  };
  return uniqueName(
    next.name ?? row.name,
    async () =>
      (
        await db
          .update(aiIntents)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(aiIntents.id, row.id))
          .returning()
      )[0],
  );
}

export async function deleteIntent(db: Db, row: IntentRow): Promise<void> {
  await db.delete(aiIntents).where(eq(aiIntents.id, row.id));
}

/** Many intents of one agent, all or nothing: one with a name the agent has replaces it. */
export async function bulkIntents(db: Db, ownerId: string, input: SchemaBody<"ai-intent-bulk">) {
  const agent = await agentField(db, ownerId, input.agentId);
  if (!agent) throw notFound();
  const names = input.intents.map((i) => i.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) throw conflict(`The intent “${repeated}” is in the list twice`);
  return db.transaction(async (tx) => {
    const existing = new Set(
      (await tx.select({ name: aiIntents.name }).from(aiIntents).where(eq(aiIntents.agentId, agent.id))).map(
        (r) => r.name,
      ),
    );
    const rows: IntentRow[] = [];
    for (const intent of input.intents) {
      const values = valuesOf(agent, intent);
      const [row] = await tx
        .insert(aiIntents)
        .values(values)
        .onConflictDoUpdate({
          target: [aiIntents.agentId, aiIntents.name],
          set: {
            description: values.description,
            examples: values.examples,
            action: values.action,
            response: values.response,
            enabled: values.enabled,
            updatedAt: new Date(),
          },
        })
        .returning();
      rows.push(row);
    }
    const updated = input.intents.filter((i) => existing.has(i.name)).length;
    return { rows, agent, created: rows.length - updated, updated };
  });
}

export async function listIntents(db: Db, ownerId: string, query: CallQuery<"ai.intents.list">) {
  const p = pageWindow(query);
  const agent = await agentField(db, ownerId, query.agentId);
  const where = and(
    eq(aiIntents.userId, ownerId),
    agent ? eq(aiIntents.agentId, agent.id) : undefined,
    query.action ? eq(aiIntents.action, query.action) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(aiIntents)
      .where(where)
      .orderBy(asc(aiIntents.agentId), asc(aiIntents.name))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(aiIntents).where(where),
  ]);
  const names = await agentNames(
    db,
    ownerId,
    rows.map((r) => r.agentId),
  );
  return {
    success: true as const,
    count: total,
    page: p.page,
    limit: p.limit,
    totalPages: totalPages(total, p.limit),
    data: rows.map((r) => toIntentRecord(r, names.get(r.agentId) ?? "")),
  };
}

export async function intentStats(db: Db, ownerId: string) {
  const [row] = await rowsOf<{
    total: number;
    enabled: number;
    examples: number;
    agents: number;
    knowledge: number;
    template: number;
    handoff: number;
    workflow: number;
  }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where enabled)::int as enabled, coalesce(sum(jsonb_array_length(examples)), 0)::int as examples,
          count(distinct agent_id)::int as agents, count(*) filter (where action = 'knowledge')::int as knowledge, count(*) filter (where action = 'template')::int as template,
          count(*) filter (where action = 'handoff')::int as handoff, count(*) filter (where action = 'workflow')::int as workflow
        from ai_intents where user_id = ${ownerId}`,
  );
  return {
    total: row.total,
    enabled: row.enabled,
    examples: row.examples,
    agents: row.agents,
    byAction: { knowledge: row.knowledge, template: row.template, handoff: row.handoff, workflow: row.workflow },
  };
}

/**
 * The agent's classification of a sentence: the best intent, its confidence and the top three (test-classification).
 */
export async function classify(db: Db, agent: AgentRow, text: string): Promise<ClassificationRecord> {
  const started = performance.now();
  const { model, intents } = await intentModel(db, agent.id);
  const result = model.classify(text);
  const best = result.ranked[0];
  const bestRow = best ? intents.find((i) => i.id === best.intentId) : undefined;
  return {
    intent: bestRow && result.confidence > 0 ? bestRow.name : null,
    intentId: bestRow && result.confidence > 0 ? bestRow.id : null,
    action: bestRow && result.confidence > 0 ? bestRow.action : null,
    confidence: result.confidence,
    threshold: agent.handoff.confidenceThreshold,
    top: result.ranked.slice(0, 3),
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}
