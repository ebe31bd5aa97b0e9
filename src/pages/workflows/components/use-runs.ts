import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import type { TriggerKind } from "../../../../contract/domain/workflow-nodes";
import type { ReplayFrom, RunStatus } from "../../../../contract/domain/workflow-runs";

type ListReply = CallReply<"workflows.runs">;
export type RunRow = ListReply["data"][number];
export type RunDetail = CallReply<"workflows.run">["data"];

const PAGE_SIZE = 15;
const LIVE: readonly RunStatus[] = ["running", "waiting"];

/** Run history: a page of runs (by workflow, status, trigger, test), the open run's detail, and replay and cancel. */
export function useRuns(workflowId: string | null, runId: string | null) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RunStatus | undefined>();
  const [trigger, setTrigger] = useState<TriggerKind | undefined>();
  const query = { page, limit: PAGE_SIZE, ...(workflowId ? { workflowId } : {}), ...(status ? { status } : {}), ...(trigger ? { trigger } : {}) };
  const list = useCustom<ListReply, HttpError>({
    url: "", method: "get", config: { query }, meta: { callId: "workflows.runs" }, errorNotification: false,
    // A run under way on the page: look again every 2 s until it ends.
    queryOptions: { refetchInterval: (q) => (q.state.data?.data.data.some((r) => LIVE.includes(r.status)) ? 2000 : false) },
  });
  const detail = useCustom<CallReply<"workflows.run">, HttpError>({
    url: "", method: "get", meta: { callId: "workflows.run", params: { id: runId ?? "" } }, errorNotification: false,
    queryOptions: { enabled: Boolean(runId), refetchInterval: (q) => (q.state.data && LIVE.includes(q.state.data.data.data.status) ? 1000 : false) },
  });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; data: RunRow }, HttpError>();
  const act = async (callId: "workflows.replay" | "workflows.cancelRun", id: string, values: object, success: string) => {
    const res = await mutateAsync({
      url: "", method: "post", values, meta: { callId, params: { id } },
      successNotification: () => ({ type: "success", message: success }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void list.query.refetch();
    void detail.query.refetch();
    return res.data.data;
  };
  return {
    rows: list.query.error ? [] : (list.query.data?.data.data ?? []),
    total: list.query.data?.data.total ?? 0,
    loading: list.query.isFetching && !list.query.data,
    error: list.query.error ? "Failed to fetch runs" : null,
    page, setPage, pageSize: PAGE_SIZE,
    status, setStatus: (s: RunStatus | undefined) => { setStatus(s); setPage(1); },
    trigger, setTrigger: (t: TriggerKind | undefined) => { setTrigger(t); setPage(1); },
    run: detail.query.data?.data.data,
    runError: detail.query.error ? (detail.query.error.statusCode === 404 ? "Run not found" : "Failed to fetch the run") : null,
    runLoading: detail.query.isLoading && Boolean(runId),
    busy: mutation.isPending,
    replay: (id: string, body: { from: ReplayFrom; payload?: Record<string, unknown>; redo?: boolean; version?: "original" | "latest" }) => act("workflows.replay", id, body, "Replay started"),
    cancel: (id: string) => act("workflows.cancelRun", id, {}, "Run cancelled"),
    refetch: () => { void list.query.refetch(); void detail.query.refetch(); },
  };
}
