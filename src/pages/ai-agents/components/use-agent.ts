import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { MSG, type CallId, type CallReply } from "../../../../contract";

export type AgentRecord = CallReply<"ai.agents.get">["data"];

/**
 * One agent of the hub's workspace page, and a helper that runs any of its calls with the hub's notifications
 * (the server's message on success and failure) and refreshes the agent afterwards (its counts change).
 */
export function useAgent(id: string) {
  const { query } = useCustom<CallReply<"ai.agents.get">, HttpError>({
    url: "", method: "get", meta: { callId: "ai.agents.get", params: { id } }, errorNotification: false, queryOptions: { enabled: Boolean(id) },
  });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, HttpError>();

  async function call<T = Record<string, unknown>>(callId: CallId, method: "post" | "put" | "delete", opts: { values?: object; params?: Record<string, string>; quiet?: boolean } = {}): Promise<T> {
    const res = await mutateAsync({
      url: "", method, values: opts.values ?? {},
      meta: { callId, ...(opts.params ? { params: opts.params } : {}) },
      successNotification: opts.quiet ? false : (data) => ({ type: "success", message: (data?.data as { message?: string } | undefined)?.message ?? "Saved" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void query.refetch();
    return res.data as T;
  }

  return {
    agent: query.data?.data.data ?? null,
    loading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
    saving: mutation.isPending,
    call,
    update: (values: object, quiet = false) => call("ai.agents.update", "put", { values, params: { id }, quiet }),
  };
}

export type AgentApi = ReturnType<typeof useAgent>;
