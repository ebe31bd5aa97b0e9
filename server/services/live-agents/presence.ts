import type { PresenceState } from "../../../contract/domain/chats";

// Presence of live agents, from their connected sockets in this process: online while one is connected, away when
// every connected console reports itself idle or hidden, offline when none is left. With several processes each
// knows its own sockets (the realtime plugin asks all of them through the adapter when an agent's last socket here
// goes); list calls answer from the process they reach.

interface Entry {
  sockets: Map<string, "online" | "away">;
}

const agents = new Map<string, Entry>();

export function presenceOf(agentId: string): PresenceState {
  const entry = agents.get(agentId);
  if (!entry || entry.sockets.size === 0) return "offline";
  return [...entry.sockets.values()].some((s) => s === "online") ? "online" : "away";
}

/** Records a socket's state (connect, or a presence report); answers the agent's presence after it. */
export function setSocketPresence(agentId: string, socketId: string, state: "online" | "away"): PresenceState {
  let entry = agents.get(agentId);
  if (!entry) {
    entry = { sockets: new Map() };
    agents.set(agentId, entry);
  }
  entry.sockets.set(socketId, state);
  return presenceOf(agentId);
}

export function dropSocket(agentId: string, socketId: string): PresenceState {
  const entry = agents.get(agentId);
  entry?.sockets.delete(socketId);
  if (entry && entry.sockets.size === 0) agents.delete(agentId);
  return presenceOf(agentId);
}
