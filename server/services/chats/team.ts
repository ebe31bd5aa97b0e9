import { and, eq } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { TeamMemberRecord } from "../../../contract/calls/chat-records";
import type { Db } from "../../db/client";
import { liveAgents } from "../../db/schema";
import { presenceOf } from "../live-agents/presence";
import type { ChatWorkspace } from "./workspace";

export type TeamMemberOut = Static<typeof TeamMemberRecord>;

/**
 * The team of the inbox a caller works in: the active agents of the workspace's owner (an agent's is its owner's, so
 * no tenant sees another's), with presence from their sockets. Only what assigning needs leaves: no email, no
 * invitation, no sign-in.
 */
export async function inboxTeam(db: Db, ws: ChatWorkspace): Promise<TeamMemberOut[]> {
  const rows = await db
    .select({ id: liveAgents.id, name: liveAgents.name })
    .from(liveAgents)
    .where(and(eq(liveAgents.ownerId, ws.ownerId), eq(liveAgents.status, "active")))
    .orderBy(liveAgents.name);
  return rows.map((r) => {
    const presence = presenceOf(r.id);
    return { _id: r.id, name: r.name, isOnline: presence !== "offline", presence, you: r.id === ws.agentId };
  });
}
