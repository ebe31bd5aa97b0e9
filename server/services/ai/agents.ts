import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../schemas";
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_CONFIDENCE_THRESHOLD,
  DEFAULT_HANDOFF_KEYWORDS,
  DEFAULT_HANDOFF_MESSAGE,
  type AgentHandoff,
} from "../../../contract/domain/ai";
import { isTimeZone } from "../../../contract/domain/time-zone";
import type { CallQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { aiAgents } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { pgArray, rowsOf } from "../../db/sql";
import { filterValue, pageWindow, totalPages } from "../paging";
import { NO_STATS, toAgentRecord, type AgentRow, type AgentStats } from "./records";
import { ownAgent } from "./tenant";

type AgentInput = SchemaBody<"ai-agent-update">;

const unique = (items: readonly string[] | undefined) => [
  ...new Set((items ?? []).map((s) => s.trim()).filter(Boolean)),
];

export const DEFAULT_HANDOFF: AgentHandoff = {
  confidenceThreshold: DEFAULT_CONFIDENCE_THRESHOLD,
  keywords: [...DEFAULT_HANDOFF_KEYWORDS],
  message: DEFAULT_HANDOFF_MESSAGE,
  businessHours: DEFAULT_BUSINESS_HOURS,
};

function handoffOf(input: AgentInput["handoff"], current: AgentHandoff = DEFAULT_HANDOFF): AgentHandoff {
  if (!input) return current;
  const hours = input.businessHours;
  if (hours.enabled && hours.days.length === 0)
    throw badRequest("handoff.businessHours.days: choose at least one day", [
      { field: "handoff.businessHours.days", message: "choose at least one day" },
    ]);
  if (hours.start === hours.end)
    throw badRequest("handoff.businessHours.end: must differ from the opening time", [
      { field: "handoff.businessHours.end", message: "must differ from the opening time" },
    ]);
  if (!isTimeZone(hours.timezone)) {
    throw badRequest("handoff.businessHours.timezone: is not a time zone", [
      { field: "handoff.businessHours.timezone", message: "is not a time zone (e.g. Asia/Kolkata)" },
    ]);
  }
  return {
    confidenceThreshold: input.confidenceThreshold,
    keywords: unique(input.keywords),
    message: input.message.trim(),
    businessHours: { ...hours, days: [...new Set(hours.days)].sort((a, b) => a - b) },
  };
}

/** A keyword or intent scope with nothing to match would take no conversation: a mistake, said at once. */
function checkScope(row: Pick<AgentRow, "scope" | "scopeKeywords" | "scopeIntents">): void {
  if (row.scope === "keyword" && row.scopeKeywords.length === 0)
    throw badRequest("scopeKeywords: name at least one keyword", [
      { field: "scopeKeywords", message: "name at least one keyword for a keyword scope" },
    ]);
  if (row.scope === "intent" && row.scopeIntents.length === 0)
    throw badRequest("scopeIntents: choose at least one intent", [
      { field: "scopeIntents", message: "choose at least one intent for an intent scope" },
    ]);
}

const NAME_TAKEN = (name: string) => `You already have an AI agent named “${name}”`;

/** Unique-name violations become a 409; everything else is rethrown. */
async function namedUniquely<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === "23505") throw conflict(NAME_TAKEN(name));
    throw err;
  }
}

export async function createAgent(
  db: Db,
  ownerId: string,
  input: SchemaBody<"ai-agent">,
  template: string | null = null,
): Promise<AgentRow> {
  const values = {
    userId: ownerId,
    name: input.name.trim(),
    description: input.description?.trim() ?? "",
    enabled: input.enabled ?? true,
    channels: input.channels,
    scope: input.scope,
    scopeKeywords: unique(input.scopeKeywords),
    scopeIntents: unique(input.scopeIntents),
    persona: input.persona?.trim() ?? "",
    handoff: handoffOf(input.handoff),
    template,
  };
  checkScope(values);
  return namedUniquely(values.name, async () => {
    const [row] = await db.insert(aiAgents).values(values).returning();
    return row;
  });
}

export async function updateAgent(db: Db, ownerId: string, id: string, input: AgentInput): Promise<AgentRow> {
  const current = await ownAgent(db, ownerId, id);
  const next = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.channels !== undefined ? { channels: input.channels } : {}),
    ...(input.scope !== undefined ? { scope: input.scope } : {}),
    ...(input.scopeKeywords !== undefined ? { scopeKeywords: unique(input.scopeKeywords) } : {}),
    ...(input.scopeIntents !== undefined ? { scopeIntents: unique(input.scopeIntents) } : {}),
    ...(input.persona !== undefined ? { persona: input.persona.trim() } : {}),
    ...(input.handoff !== undefined ? { handoff: handoffOf(input.handoff, current.handoff) } : {}),
  };
  checkScope({ ...current, ...next });
  return namedUniquely(next.name ?? current.name, async () => {
    const [row] = await db
      .update(aiAgents)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(aiAgents.id, current.id))
      .returning();
    return row;
  });
}

export async function deleteAgent(db: Db, ownerId: string, id: string): Promise<void> {
  const row = await ownAgent(db, ownerId, id);
  // Configurations, intents, the agent's own knowledge and its hold on conversations go with it (foreign keys);
  // the answer log keeps its name.
  await db.delete(aiAgents).where(eq(aiAgents.id, row.id));
}

/** Knowledge, intents and answers per agent, in one statement for a page of agents. */
export async function agentStats(db: Db, ids: readonly string[]): Promise<Map<string, AgentStats>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{
    id: string;
    knowledge: number;
    passages: number;
    intents: number;
    answered: number;
    handed_off: number;
    last_answer_at: string | null;
  }>(
    db,
    sql`select a.id,
          (select count(*)::int from ai_knowledge k where k.agent_id = a.id) as knowledge,
          (select count(*)::int from ai_passages p where p.agent_id = a.id) as passages,
          (select count(*)::int from ai_intents i where i.agent_id = a.id) as intents,
          (select count(*)::int from ai_answers w where w.agent_id = a.id and not w.playground and w.outcome = 'answered') as answered,
          (select count(*)::int from ai_answers w where w.agent_id = a.id and not w.playground and w.outcome = 'handoff') as handed_off,
          (select max(w.created_at) from ai_answers w where w.agent_id = a.id and not w.playground) as last_answer_at
        from ai_agents a where a.id = any(${pgArray(ids)}::uuid[])`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        knowledge: r.knowledge,
        passages: r.passages,
        intents: r.intents,
        answered: r.answered,
        handedOff: r.handed_off,
        lastAnswerAt: r.last_answer_at ? new Date(r.last_answer_at).toISOString() : null,
      },
    ]),
  );
}

export async function agentRecord(db: Db, row: AgentRow) {
  return toAgentRecord(row, (await agentStats(db, [row.id])).get(row.id) ?? NO_STATS);
}

export async function listAgents(db: Db, ownerId: string, query: CallQuery<"ai.agents.list">) {
  const page = pageWindow(query);
  const search = filterValue(query.search);
  const where = and(
    eq(aiAgents.userId, ownerId),
    search ? ilike(aiAgents.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    query.channel ? sql`${aiAgents.channels} ? ${query.channel}` : undefined,
    query.enabled ? eq(aiAgents.enabled, query.enabled === "true") : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(aiAgents).where(where).orderBy(asc(aiAgents.name)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(aiAgents).where(where),
  ]);
  const stats = await agentStats(
    db,
    rows.map((r) => r.id),
  );
  return {
    agents: rows.map((r) => toAgentRecord(r, stats.get(r.id) ?? NO_STATS)),
    count: total,
    pagination: { page: page.page, limit: page.limit, total, totalPages: totalPages(total, page.limit) },
  };
}
