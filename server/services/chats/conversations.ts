import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversations, liveAgents } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { addressLabels } from "./addresses";
import { labelsOfNumbers } from "./customer-labels";
import { nextDue } from "./sla";
import { slaSettingsOf } from "./sla-settings";
import { toConversationRecord, type ConversationOut, type ConversationRow } from "./records";
import type { ChatWorkspace } from "./workspace";

export const CONVERSATION_NOT_FOUND = "Conversation not found";

/**
 * The conversations a workspace member sees: the owner all of its own; an agent its assigned ones and the unassigned.
 */
export function conversationReach(ws: ChatWorkspace): SQL | undefined {
  const own = eq(conversations.userId, ws.ownerId);
  return ws.agentId
    ? and(own, or(eq(conversations.assignedAgentId, ws.agentId), isNull(conversations.assignedAgentId)))
    : own;
}

/** One conversation in reach; anything else answers exactly like a missing one. */
export async function findConversation(db: Db, ws: ChatWorkspace, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), conversationReach(ws)));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** Records for rows of one owner: the address labels and agent names read once for the lot. */
export async function conversationRecords(
  db: Db,
  ownerId: string,
  rows: readonly ConversationRow[],
): Promise<ConversationOut[]> {
  if (rows.length === 0) return [];
  const labels = new Map((await addressLabels(db, ownerId)).map((a) => [`${a.channel}|${a.address}`, a.label]));
  // Most conversations the inbound path pushes are unassigned: no agent names to read then.
  const assigned = rows.some((row) => row.assignedAgentId);
  const agents = new Map(
    assigned
      ? (
          await db
            .select({ id: liveAgents.id, name: liveAgents.name })
            .from(liveAgents)
            .where(eq(liveAgents.ownerId, ownerId))
        ).map((a) => [a.id, a.name])
      : [],
  );
  const customerLabels = await labelsOfNumbers(
    db,
    ownerId,
    rows.map((row) => row.customerNumber),
  );
  // Time left is working time: the account's hours are read only when a row has a clock running.
  const sla = rows.some((row) => nextDue(row) !== null) ? (await slaSettingsOf(db, [ownerId])).get(ownerId) : undefined;
  const now = new Date();
  return rows.map((row) =>
    toConversationRecord(
      row,
      labels,
      row.assignedAgentId ? (agents.get(row.assignedAgentId) ?? null) : null,
      now,
      customerLabels.get(row.customerNumber) ?? [],
      sla,
    ),
  );
}

export async function conversationRecord(db: Db, row: ConversationRow): Promise<ConversationOut> {
  const [record] = await conversationRecords(db, row.userId, [row]);
  if (!record) throw notFound(CONVERSATION_NOT_FOUND);
  return record;
}

/** `%`, `_` and `\` typed in a search match themselves. */
export const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const unreadSql = sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int`;
