import { useEffect, useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { AGENT_PRESENCE_EVENT, type AgentPresence } from "../../../../contract/domain/chats";
import { useCall, useCallMutation } from "../../../api";
import { subscribeRealtime } from "../../../providers/realtime-events";

export type Agent = CallReply<"liveAgents.list">["data"][number];
type AgentCall = "liveAgents.invite" | "liveAgents.create" | "liveAgents.remove";

const PAGE_SIZE = 10;

/**
 * Team Members: a page of agents (or the search's matches), presence kept live from the socket (SPEC 4: updated by
 * agent id), and the invite, add and remove actions. On a failed fetch the list is empty and says why (SPEC 4, 8).
 */
export function useAgents() {
  const [page, setPage] = useState(1);
  const [term, setTerm] = useState("");
  const list = useCall(
    "liveAgents.list",
    { query: { page, limit: PAGE_SIZE } },
    { errorNotification: false, queryOptions: { enabled: !term } },
  );
  const search = useCall(
    "liveAgents.search",
    { query: { searchTerm: term } },
    { errorNotification: false, queryOptions: { enabled: Boolean(term) } },
  );
  const [presence, setPresence] = useState<Record<string, AgentPresence>>({});
  useEffect(
    () =>
      subscribeRealtime(AGENT_PRESENCE_EVENT, (payload) => {
        const p = payload as AgentPresence;
        setPresence((cur) => ({ ...cur, [p.agentId]: p }));
      }),
    [],
  );
  const mutation = useCallMutation<AgentCall>("liveAgents.invite");
  const active = term ? search.query : list.query;
  const failed = Boolean(active.error);
  const rows = failed ? [] : ((term ? search.query.data?.data.data : list.query.data?.data.data) ?? []);

  const run = async (call: AgentCall, opts: { values?: object; id?: string }) => {
    const res = await mutation.mutateAsync({
      call,
      body: opts.values ?? {},
      ...(opts.id ? { params: { id: opts.id } } : {}),
      successNotification: (reply?: { data?: Record<string, unknown> }) => ({
        type: "success",
        message: typeof reply?.data?.message === "string" ? reply.data.message : "Done",
      }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void active.refetch();
    return res;
  };

  return {
    rows: rows.map((a) => {
      const live = presence[a._id];
      return live ? { ...a, isOnline: live.isOnline, presence: live.state } : a;
    }),
    total: term ? rows.length : (list.query.data?.data.total ?? 0),
    page,
    setPage,
    pageSize: PAGE_SIZE,
    search: term,
    setSearch: (value: string) => {
      setTerm(value.trim());
      setPage(1);
    },
    loading: active.isFetching,
    error: failed ? MSG.fetchAgents : null,
    refetch: () => void active.refetch(),
    saving: mutation.isPending,
    invite: (values: object) => run("liveAgents.invite", { values }),
    create: (values: object) => run("liveAgents.create", { values }),
    remove: (id: string) => run("liveAgents.remove", { id }),
  };
}
