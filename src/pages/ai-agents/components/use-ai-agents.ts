import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";

type ListReply = CallReply<"ai.agents.list">;
export type AiAgent = ListReply["data"]["agents"][number];

const PAGE_SIZE = 10;

/** The hub's list of agents (SPEC 3: data.agents, data.count, pagination), with create, switch on/off and delete. */
export function useAiAgents() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const { query } = useCustom<ListReply, HttpError>({
    url: "", method: "get", config: { query: { page, limit: PAGE_SIZE, ...(search ? { search } : {}) } }, meta: { callId: "ai.agents.list" }, errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; message: string; data?: AiAgent }, HttpError>();

  const run = async (callId: "ai.agents.create" | "ai.agents.update" | "ai.agents.delete", opts: { values?: object; id?: string; quiet?: boolean }) => {
    const res = await mutateAsync({
      url: "", method: callId === "ai.agents.delete" ? "delete" : callId === "ai.agents.update" ? "put" : "post", values: opts.values ?? {},
      meta: { callId, ...(opts.id ? { params: { id: opts.id } } : {}) },
      successNotification: opts.quiet ? false : (data) => ({ type: "success", message: (data?.data as { message?: string } | undefined)?.message ?? "Done" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void query.refetch();
    return res.data;
  };

  const reply = query.data?.data;
  return {
    rows: query.error ? [] : (reply?.data.agents ?? []),
    total: reply?.data.count ?? 0,
    page, setPage, pageSize: PAGE_SIZE,
    search,
    setSearch: (value: string) => {
      setSearch(value.trim());
      setPage(1);
    },
    loading: query.isFetching,
    loaded: query.isFetched,
    error: query.error ? (query.error.message || "Failed to fetch agents") : null,
    refetch: () => void query.refetch(),
    saving: mutation.isPending,
    create: (values: object) => run("ai.agents.create", { values }),
    setEnabled: (id: string, enabled: boolean) => run("ai.agents.update", { id, values: { enabled }, quiet: true }),
    remove: (id: string) => run("ai.agents.delete", { id }),
  };
}
