import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  AGENT_PRESENCE_EVENT,
  PRESENCE_REPORT_EVENT,
  type AgentPresence,
  type PresenceState,
} from "../../contract/domain/chats";
import { liveAgents } from "../db/schema";
import { agentRoom, ownerRoom, teamRoom, type ChatWorkspace } from "../services/chats/workspace";
import { dropSocket, setSocketPresence } from "../services/live-agents/presence";

/**
 * Live agents' presence from their sockets (SPEC 4: online/offline by agent id, plus away): each change is pushed
 * to the owner's and the team's rooms, and the last time an agent was seen is kept.
 */
export function attachPresence(app: FastifyInstance): void {
  const { db } = app.database;
  const push = (ws: ChatWorkspace & { agentId: string }, state: PresenceState) => {
    const update: AgentPresence = { agentId: ws.agentId, isOnline: state !== "offline", state };
    app.io.to([ownerRoom(ws.ownerId), teamRoom(ws.ownerId)]).emit(AGENT_PRESENCE_EVENT, update);
    // The presence is kept on the row too, so auto-assignment (in SQL, any process) skips away and offline agents;
    // presence_at moves only on a change, so it says how long an agent has been offline.
    void db
      .update(liveAgents)
      .set({
        lastSeenAt: new Date(),
        presence: state,
        presenceAt: sql`case when ${liveAgents.presence} = ${state} then ${liveAgents.presenceAt} else now() end`,
      })
      .where(eq(liveAgents.id, ws.agentId))
      .catch(() => undefined);
  };
  app.io.on("connection", (socket) => {
    const ws = (socket.data as { chat?: ChatWorkspace }).chat;
    if (!ws?.agentId) return;
    const agent = { ...ws, agentId: ws.agentId };
    push(agent, setSocketPresence(agent.agentId, socket.id, "online"));
    socket.on(PRESENCE_REPORT_EVENT, (payload: unknown) => {
      const state = (payload as { state?: unknown } | null)?.state;
      if (state === "online" || state === "away") push(agent, setSocketPresence(agent.agentId, socket.id, state));
    });
    socket.on("disconnect", () => {
      const here = dropSocket(agent.agentId, socket.id);
      if (here !== "offline") return push(agent, here);
      // Another process may still hold one of its sockets (the PostgreSQL adapter answers for all of them).
      void app.io
        .in(agentRoom(agent.agentId))
        .fetchSockets()
        .then(
          (left) => push(agent, left.length > 0 ? "online" : "offline"),
          () => push(agent, "offline"),
        );
    });
  });
}
