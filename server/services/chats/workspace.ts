import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { liveAgents } from "../../db/schema";
import type { Caller } from "../caller";

/**
 * Whose inbox a caller works in. An account's owner works in its own (and sees every conversation); a live agent
 * (a sign-in created by an invitation or by create-agent) works in its owner's, and sees the conversations
 * assigned to it plus the unassigned ones. Everything else answers like a missing conversation.
 */
export interface ChatWorkspace {
  /** The account whose conversations these are (conversations.user_id). */
  ownerId: string;
  /** Set when the caller is a live agent of that account. */
  agentId: string | null;
  /** The name shown on what the caller writes. */
  authorName: string;
}

export async function chatWorkspace(db: Db, caller: Caller): Promise<ChatWorkspace> {
  const [agent] = await db
    .select({ id: liveAgents.id, ownerId: liveAgents.ownerId, name: liveAgents.name })
    .from(liveAgents)
    .where(and(eq(liveAgents.userId, caller.id), eq(liveAgents.status, "active")));
  if (agent) return { ownerId: agent.ownerId, agentId: agent.id, authorName: agent.name };
  return { ownerId: caller.id, agentId: null, authorName: caller.username };
}

// Socket rooms of the chat events. Every socket of an account's owner joins `ownerRoom`; an agent's sockets join
// `agentRoom` and `teamRoom`. An unassigned conversation's events go to the owner and the whole team; an assigned
// one's to the owner and its agent only, so no agent (and no other tenant) sees what is not theirs.
export const ownerRoom = (ownerId: string) => `chat-owner:${ownerId}`;
export const teamRoom = (ownerId: string) => `chat-team:${ownerId}`;
export const agentRoom = (agentId: string) => `chat-agent:${agentId}`;

/** The rooms a conversation's events go to. */
export function conversationRooms(ownerId: string, assignedAgentId: string | null): string[] {
  return assignedAgentId ? [ownerRoom(ownerId), agentRoom(assignedAgentId)] : [ownerRoom(ownerId), teamRoom(ownerId)];
}
