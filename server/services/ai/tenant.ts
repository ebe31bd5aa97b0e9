import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiAgents } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";
import { chatWorkspace } from "../chats/workspace";
import type { AgentRow } from "./records";

/**
 * Whose AI records a caller works with: the account whose conversations the agents answer. An owner's own; a live
 * agent's, its owner's (it answers the same inbox). Anything of another account answers 404, like a missing record.
 */
export async function aiOwner(db: Db, caller: Caller): Promise<string> {
  return (await chatWorkspace(db, caller)).ownerId;
}

export const AGENT_NOT_FOUND = "AI agent not found";

export async function ownAgent(db: Db, ownerId: string, id: string): Promise<AgentRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiAgents)
        .where(and(eq(aiAgents.id, id), eq(aiAgents.userId, ownerId)))
    : [];
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

/** An agent id given in a body or query: one of the owner's agents, or a 400 naming the field. */
export async function agentField(
  db: Db,
  ownerId: string,
  id: string | undefined,
  field = "agentId",
): Promise<AgentRow | null> {
  if (!id) return null;
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiAgents)
        .where(and(eq(aiAgents.id, id), eq(aiAgents.userId, ownerId)))
    : [];
  if (!row)
    throw badRequest(`${field}: is not one of your AI agents`, [{ field, message: "is not one of your AI agents" }]);
  return row;
}

/** Names of the owner's agents by id, for records that show them. */
export async function agentNames(
  db: Db,
  ownerId: string,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: aiAgents.id, name: aiAgents.name })
    .from(aiAgents)
    .where(and(eq(aiAgents.userId, ownerId), inArray(aiAgents.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
