import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { Db } from "../../db/client";
import { conversations } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";
import { autoAssignOne, reassignFromOffline } from "./auto-assign";
import { conversationRecord } from "./conversations";
import type { Received } from "./inbound";
import { pushConversation } from "./push";
import type { ConversationRow } from "./records";

/** Tells the rooms a conversation now has (and the team's, which had it while unassigned or the agent's before). */
export async function announceMove(
  db: Db,
  io: Server,
  id: string,
  before: Pick<ConversationRow, "userId" | "assignedAgentId">,
) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(sql`${conversations.id} = ${id}`);
  if (row) pushConversation(io, row, await conversationRecord(db, row), before);
}

/**
 * After a round of inbound messages: each open, unassigned conversation of an account with auto-assignment on goes to
 * the next online agent with room. Accounts without it cost one indexed read per round, not a transaction per message.
 */
export async function autoAssignReceived(db: Db, io: Server, received: readonly Received[]): Promise<number> {
  const waiting = new Map<string, ConversationRow>();
  for (const { conversation: c } of received)
    if (c.status === "open" && c.assignedAgentId === null) waiting.set(c.id, c);
  if (waiting.size === 0) return 0;
  const owners = [...new Set([...waiting.values()].map((c) => c.userId))];
  const on = new Set(
    (
      await rowsOf<{ id: string }>(
        db,
        sql`select user_id::text as id from inbox_settings where auto_assign and user_id = any(${pgArray(owners)}::uuid[])`,
      )
    ).map((r) => r.id),
  );
  let assigned = 0;
  for (const c of waiting.values()) {
    if (!on.has(c.userId)) continue;
    if ((await autoAssignOne(db, c.userId, c.id)) === null) continue;
    assigned += 1;
    await announceMove(db, io, c.id, c);
  }
  return assigned;
}

/** The offline hand-over job's round: moves, then tells each moved conversation's rooms. */
export async function offlineHandOver(db: Db, io: Server): Promise<number> {
  const moved = await reassignFromOffline(db);
  for (const m of moved) await announceMove(db, io, m.conversationId, { userId: m.ownerId, assignedAgentId: m.from });
  return moved.length;
}
