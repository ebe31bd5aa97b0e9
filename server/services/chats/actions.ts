import { and, eq } from "drizzle-orm";
import type { Server } from "socket.io";
import type { Db } from "../../db/client";
import { conversationEvents, conversations, liveAgents } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import { isUuid } from "../caller";
import { conversationRecord } from "./conversations";
import { pushConversation } from "./push";
import { reopenSet, resolveSet } from "./sla";
import type { ConversationOut, ConversationRow } from "./records";
import type { ChatWorkspace } from "./workspace";

type Change = Partial<
  Pick<
    typeof conversations.$inferInsert,
    | "status"
    | "resolvedAt"
    | "assignedAgentId"
    | "unreadCount"
    | "slaResolveStart"
    | "slaResolveDue"
    | "slaResolveBreached"
  >
>;

/** Writes a change, then tells the rooms of the conversation (and those it had before, when it changed hands). */
async function change(db: Db, io: Server, row: ConversationRow, set: Change): Promise<ConversationOut> {
  const [updated] = await db.update(conversations).set(set).where(eq(conversations.id, row.id)).returning();
  const record = await conversationRecord(db, updated ?? row);
  pushConversation(io, updated ?? row, record, row);
  return record;
}

/**
 * Assignment to an active agent of the workspace's own team, or back to the team with null. The owner assigns any of
 * its conversations; a live agent those it reaches (`row` was found in its reach: the unassigned ones and its own),
 * so it can take one ("Assign to me"), hand one to a teammate, or give its own back, but never touch a teammate's.
 */
export async function assignConversation(
  db: Db,
  io: Server,
  ws: ChatWorkspace,
  row: ConversationRow,
  agentId: string | null,
): Promise<ConversationOut> {
  if (agentId !== null) {
    if (!isUuid(agentId))
      throw badRequest("Choose an agent of your team", [
        { field: "agentId", message: "is not an agent of this account" },
      ]);
    const [agent] = await db
      .select({ id: liveAgents.id })
      .from(liveAgents)
      .where(and(eq(liveAgents.id, agentId), eq(liveAgents.ownerId, ws.ownerId), eq(liveAgents.status, "active")));
    if (!agent)
      throw badRequest("Choose an active agent of your team", [
        { field: "agentId", message: "is not an active agent of this account" },
      ]);
  }
  if (ws.agentId && row.assignedAgentId !== null && row.assignedAgentId !== ws.agentId)
    throw forbidden("This conversation is a teammate's; ask the account owner to reassign it.");
  if (row.assignedAgentId !== agentId)
    // The activity log (issue 40): who moved it, from whom, to whom; the owner's override is a line like any other.
    await db.insert(conversationEvents).values({
      conversationId: row.id,
      kind: agentId ? "assigned" : "unassigned",
      agentId,
      fromAgentId: row.assignedAgentId,
      actor: ws.agentId ? "agent" : "owner",
      actorName: ws.authorName,
    });
  return change(db, io, row, { assignedAgentId: agentId });
}

// Resolve stops the resolution clock (sla.ts); reopening by hand starts a new one.
export function resolveConversation(db: Db, io: Server, row: ConversationRow) {
  const now = new Date();
  return change(db, io, row, { status: "resolved", resolvedAt: now, ...resolveSet(row, now) });
}
export async function reopenConversation(db: Db, io: Server, row: ConversationRow) {
  const now = new Date();
  return change(db, io, row, { status: "open", resolvedAt: null, ...(await reopenSet(db, row.userId, now)) });
}
export const readConversation = (db: Db, io: Server, row: ConversationRow) =>
  row.unreadCount === 0 ? conversationRecord(db, row) : change(db, io, row, { unreadCount: 0 });
