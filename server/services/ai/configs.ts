import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../schemas";
import type { CallQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { aiAgentConfigs } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { rowsOf } from "../../db/sql";
import { pageWindow, totalPages } from "../paging";
import { toConfigRecord, type AgentRow, type ConfigRow } from "./records";
import { agentField, agentNames } from "./tenant";
import { FOR_ROW_LOCK } from "../../db/locks";

export const CONFIG_NOT_FOUND = "Agent configuration not found";

type ConfigUpdate = SchemaBody<"ai-agent-config-update">;

export async function ownConfig(db: Db, ownerId: string, id: string): Promise<ConfigRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiAgentConfigs)
        .where(and(eq(aiAgentConfigs.id, id), eq(aiAgentConfigs.userId, ownerId)))
    : [];
  if (!row) throw notFound(CONFIG_NOT_FOUND);
  return row;
}

export async function defaultConfig(db: Db, agentId: string): Promise<ConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(aiAgentConfigs)
    .where(and(eq(aiAgentConfigs.agentId, agentId), eq(aiAgentConfigs.isDefault, true)));
  return row;
}

export async function configRecord(db: Db, ownerId: string, row: ConfigRow) {
  const names = await agentNames(db, ownerId, [row.agentId]);
  return toConfigRecord(row, names.get(row.agentId) ?? "");
}

function changes(input: ConfigUpdate) {
  return {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.prompt !== undefined ? { prompt: input.prompt.trim() } : {}),
    ...(input.enhancedPrompt !== undefined ? { enhancedPrompt: input.enhancedPrompt.trim() || null } : {}),
    ...(input.useEnhanced !== undefined ? { useEnhanced: input.useEnhanced } : {}),
    ...(input.model !== undefined ? { model: input.model.trim() || null } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
    ...(input.fallbackMessage !== undefined ? { fallbackMessage: input.fallbackMessage.trim() } : {}),
  };
}

/** "Use the enhanced prompt" with no enhanced prompt would silently use the original: refused. */
function checkEnhanced(row: Pick<ConfigRow, "useEnhanced" | "enhancedPrompt">): void {
  if (row.useEnhanced && !row.enhancedPrompt) {
    throw badRequest("useEnhanced: enhance the prompt first", [
      { field: "useEnhanced", message: "there is no enhanced prompt yet: enhance the prompt first" },
    ]);
  }
}

/** A new configuration of an agent; the agent's first becomes its default (in the same transaction). */
export async function createConfig(db: Db, agent: AgentRow, input: SchemaBody<"ai-agent-config">): Promise<ConfigRow> {
  const values = { userId: agent.userId, agentId: agent.id, name: "Default", ...changes(input) };
  checkEnhanced({ useEnhanced: values.useEnhanced ?? false, enhancedPrompt: values.enhancedPrompt ?? null });
  return db.transaction(async (tx) => {
    // The agent's row is locked so two first configurations cannot both become the default.
    await tx.execute(sql`select 1 from ai_agents where id = ${agent.id} ${FOR_ROW_LOCK}`);
    const [existing] = await tx.select({ n: count() }).from(aiAgentConfigs).where(eq(aiAgentConfigs.agentId, agent.id));
    const [row] = await tx
      .insert(aiAgentConfigs)
      .values({ ...values, isDefault: existing.n === 0 })
      .returning();
    return row;
  });
}

export async function updateConfig(db: Db, row: ConfigRow, input: ConfigUpdate): Promise<ConfigRow> {
  const next = changes(input);
  checkEnhanced({ ...row, ...next });
  const [updated] = await db
    .update(aiAgentConfigs)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(aiAgentConfigs.id, row.id))
    .returning();
  return updated;
}

export async function updateDefaultConfig(db: Db, agent: AgentRow, input: ConfigUpdate): Promise<ConfigRow> {
  const row = await defaultConfig(db, agent.id);
  if (!row) throw notFound("This agent has no configuration yet: create one first");
  return updateConfig(db, row, input);
}

/** Deletes one configuration; when it was the default, the agent's oldest remaining one takes over. */
export async function deleteConfig(db: Db, row: ConfigRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(aiAgentConfigs).where(eq(aiAgentConfigs.id, row.id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: aiAgentConfigs.id })
      .from(aiAgentConfigs)
      .where(eq(aiAgentConfigs.agentId, row.agentId))
      .orderBy(asc(aiAgentConfigs.createdAt))
      .limit(1);
    if (next) await tx.update(aiAgentConfigs).set({ isDefault: true }).where(eq(aiAgentConfigs.id, next.id));
  });
}

/** Stores an enhanced prompt beside the configuration's own, for the person to compare and choose. */
export async function keepEnhancedPrompt(db: Db, row: ConfigRow, enhancedPrompt: string): Promise<void> {
  await db.update(aiAgentConfigs).set({ enhancedPrompt, updatedAt: new Date() }).where(eq(aiAgentConfigs.id, row.id));
}

export async function deleteAgentConfigs(db: Db, agent: AgentRow): Promise<number> {
  const gone = await db
    .delete(aiAgentConfigs)
    .where(eq(aiAgentConfigs.agentId, agent.id))
    .returning({ id: aiAgentConfigs.id });
  return gone.length;
}

/** Makes one configuration the agent's default: the old default is cleared first, in one transaction. */
export async function setDefaultConfig(db: Db, agent: AgentRow, configId: string): Promise<ConfigRow> {
  const [target] = isUuid(configId)
    ? await db
        .select()
        .from(aiAgentConfigs)
        .where(and(eq(aiAgentConfigs.id, configId), eq(aiAgentConfigs.agentId, agent.id)))
    : [];
  if (!target)
    throw badRequest("configId: is not a configuration of this agent", [
      { field: "configId", message: "is not a configuration of this agent" },
    ]);
  return db.transaction(async (tx) => {
    await tx
      .update(aiAgentConfigs)
      .set({ isDefault: false })
      .where(and(eq(aiAgentConfigs.agentId, agent.id), eq(aiAgentConfigs.isDefault, true)));
    const [row] = await tx
      .update(aiAgentConfigs)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(aiAgentConfigs.id, target.id))
      .returning();
    return row;
  });
}

export async function listConfigs(db: Db, ownerId: string, query: CallQuery<"ai.agentConfigs.list">) {
  const page = pageWindow(query);
  const agent = await agentField(db, ownerId, query.agentId);
  const where = and(eq(aiAgentConfigs.userId, ownerId), agent ? eq(aiAgentConfigs.agentId, agent.id) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(aiAgentConfigs)
      .where(where)
      .orderBy(desc(aiAgentConfigs.isDefault), asc(aiAgentConfigs.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(aiAgentConfigs).where(where),
  ]);
  const names = await agentNames(
    db,
    ownerId,
    rows.map((r) => r.agentId),
  );
  return {
    success: true as const,
    count: total,
    page: page.page,
    limit: page.limit,
    totalPages: totalPages(total, page.limit),
    data: rows.map((r) => toConfigRecord(r, names.get(r.agentId) ?? "")),
  };
}

export async function configStats(db: Db, ownerId: string) {
  const [row] = await rowsOf<{
    total: number;
    agents: number;
    defaults: number;
    enhanced: number;
    using_enhanced: number;
  }>(
    db,
    sql`select count(*)::int as total, count(distinct agent_id)::int as agents, count(*) filter (where is_default)::int as defaults,
          count(*) filter (where enhanced_prompt is not null)::int as enhanced, count(*) filter (where use_enhanced and enhanced_prompt is not null)::int as using_enhanced
        from ai_agent_configs where user_id = ${ownerId}`,
  );
  return {
    total: row.total,
    agents: row.agents,
    defaults: row.defaults,
    enhanced: row.enhanced,
    usingEnhanced: row.using_enhanced,
  };
}
