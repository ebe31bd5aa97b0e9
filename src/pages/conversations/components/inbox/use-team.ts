import { useEffect, useState } from "react";
import type { CallReply } from "../../../../../contract";
import { AGENT_PRESENCE_EVENT, type AgentPresence } from "../../../../../contract/domain/chats";
import { useCall } from "../../../../api";
import { subscribeRealtime } from "../../../../providers/realtime-events";

export type TeamMember = CallReply<"chats.team">["data"][number];

export interface InboxTeam {
  members: TeamMember[];
  /** The caller as a member (a live agent); null for the account's owner. */
  me: TeamMember | null;
  /** The list could not be read: assignment says so instead of offering nobody. */
  failed: boolean;
}

/**
 * The inbox's team (names and presence), read once per inbox view and kept live by the presence pushes (SPEC 4:
 * online/offline by agent id), so opening conversations reads nothing more.
 */
export function useTeam(): InboxTeam {
  const { query } = useCall("chats.team", {}, { errorNotification: false });
  const [presence, setPresence] = useState<Record<string, AgentPresence>>({});
  useEffect(
    () =>
      subscribeRealtime(AGENT_PRESENCE_EVENT, (payload) => {
        const p = payload as AgentPresence;
        setPresence((current) => ({ ...current, [p.agentId]: p }));
      }),
    [],
  );
  const members = (query.data?.data.data ?? []).map((m) => {
    const live = presence[m._id];
    return live ? { ...m, isOnline: live.isOnline, presence: live.state } : m;
  });
  return { members, me: members.find((m) => m.you) ?? null, failed: query.isError };
}
