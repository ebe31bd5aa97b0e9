import { MSG, type CallId, type CallReply } from "../../../../contract";
import { useCall, useCallMutation, type CallData, type CallInput } from "../../../api";

export type AgentRecord = CallReply<"ai.agents.get">["data"];

/** One run of a hub call: its path parameters and query, its body, and `quiet` for no success toast. */
export type AgentCallArgs<K extends CallId> = CallInput<K> & { body?: unknown; quiet?: boolean };

/**
 * One agent of the hub's workspace page, and a helper that runs any of its calls with the hub's notifications
 * (the server's message on success and failure) and refreshes the agent afterwards (its counts change).
 */
export function useAgent(id: string) {
  const { query } = useCall(
    "ai.agents.get",
    { params: { id } },
    { errorNotification: false, queryOptions: { enabled: Boolean(id) } },
  );
  // One mutation for every call the hub's tabs run, so `saving` covers them all.
  const mutation = useCallMutation<CallId>("ai.agents.update");

  async function call<K extends CallId>(callId: K, args?: AgentCallArgs<K>): Promise<CallData<K>> {
    const { body, quiet, params, query: fields } = args ?? {};
    const res = await mutation.mutateAsync({
      call: callId,
      body,
      ...({ params, query: fields } as CallInput<CallId>),
      successNotification: quiet
        ? false
        : (data) => ({
            type: "success",
            message: (data?.data as { message?: string } | undefined)?.message ?? "Saved",
          }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void query.refetch();
    return res as CallData<K>;
  }

  return {
    agent: query.data?.data.data ?? null,
    loading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
    saving: mutation.isPending,
    call,
    update: (values: object, quiet = false) => call("ai.agents.update", { body: values, params: { id }, quiet }),
  };
}

export type AgentApi = ReturnType<typeof useAgent>;
