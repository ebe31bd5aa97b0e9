import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";

type ListReply = CallReply<"ai.agents.list">;
export type AiAgent = ListReply["data"]["agents"][number];

const PAGE_SIZE = 10;

/** The hub's list of agents (SPEC 3: data.agents, data.count, pagination), with create, switch on/off and delete. */
export function useAiAgents() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const { query } = useCall(
    "ai.agents.list",
    { query: { page, limit: PAGE_SIZE, ...(search ? { search } : {}) } },
    { errorNotification: false },
  );
  const createCall = useCallMutation("ai.agents.create");
  const updateCall = useCallMutation("ai.agents.update");
  const deleteCall = useCallMutation("ai.agents.delete");

  /** Toasts with the server's message (none on success when `quiet`); the list is fetched again after a change. */
  const notify = (quiet = false) => ({
    successNotification: quiet
      ? (false as const)
      : (data?: { data?: unknown }) => ({
          type: "success" as const,
          message: (data?.data as { message?: string } | undefined)?.message ?? "Done",
        }),
    errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
  });
  const changed = async <T>(reply: Promise<T>) => {
    const res = await reply;
    void query.refetch();
    return res;
  };

  const reply = query.data?.data;
  return {
    rows: query.error ? [] : (reply?.data.agents ?? []),
    total: reply?.data.count ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    search,
    setSearch: (value: string) => {
      setSearch(value.trim());
      setPage(1);
    },
    loading: query.isFetching,
    loaded: query.isFetched,
    error: query.error ? query.error.message || "Failed to fetch agents" : null,
    refetch: () => void query.refetch(),
    saving: createCall.isPending || updateCall.isPending || deleteCall.isPending,
    create: (values: object) => changed(createCall.mutateAsync({ body: values, ...notify() })),
    setEnabled: (id: string, enabled: boolean) =>
      changed(updateCall.mutateAsync({ params: { id }, body: { enabled }, ...notify(true) })),
    remove: (id: string) => changed(deleteCall.mutateAsync({ params: { id }, ...notify() })),
  };
}
