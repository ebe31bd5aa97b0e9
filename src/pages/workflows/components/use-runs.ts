import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import type { TriggerKind } from "../../../../contract/domain/workflow-nodes";
import type { ReplayFrom, RunStatus } from "../../../../contract/domain/workflow-runs";
import { useCall, useCallMutation } from "../../../api";

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
  const query = {
    page,
    limit: PAGE_SIZE,
    ...(workflowId ? { workflowId } : {}),
    ...(status ? { status } : {}),
    ...(trigger ? { trigger } : {}),
  };
  const list = useCall(
    "workflows.runs",
    { query },
    {
      errorNotification: false,
      // A run under way on the page: look again every 2 s until it ends.
      queryOptions: {
        refetchInterval: (q) => (q.state.data?.data.data.some((r) => LIVE.includes(r.status)) ? 2000 : false),
      },
    },
  );
  const detail = useCall(
    "workflows.run",
    { params: { id: runId ?? "" } },
    {
      errorNotification: false,
      queryOptions: {
        enabled: Boolean(runId),
        refetchInterval: (q) => (q.state.data && LIVE.includes(q.state.data.data.data.status) ? 1000 : false),
      },
    },
  );
  const replayCall = useCallMutation("workflows.replay");
  const cancelCall = useCallMutation("workflows.cancelRun");
  const notify = (success: string) => ({
    successNotification: () => ({ type: "success" as const, message: success }),
    errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
  });
  const changed = async <T>(reply: Promise<{ data: T }>) => {
    const res = await reply;
    void list.query.refetch();
    void detail.query.refetch();
    return res.data;
  };
  return {
    rows: list.query.error ? [] : (list.query.data?.data.data ?? []),
    total: list.query.data?.data.total ?? 0,
    loading: list.query.isFetching && !list.query.data,
    error: list.query.error ? "Failed to fetch runs" : null,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    status,
    setStatus: (s: RunStatus | undefined) => {
      setStatus(s);
      setPage(1);
    },
    trigger,
    setTrigger: (t: TriggerKind | undefined) => {
      setTrigger(t);
      setPage(1);
    },
    run: detail.query.data?.data.data,
    runError: detail.query.error
      ? detail.query.error.statusCode === 404
        ? "Run not found"
        : "Failed to fetch the run"
      : null,
    runLoading: detail.query.isLoading && Boolean(runId),
    busy: replayCall.isPending || cancelCall.isPending,
    replay: (
      id: string,
      body: { from: ReplayFrom; payload?: Record<string, unknown>; redo?: boolean; version?: "original" | "latest" },
    ) => changed(replayCall.mutateAsync({ params: { id }, body, ...notify("Replay started") })),
    cancel: (id: string) => changed(cancelCall.mutateAsync({ params: { id }, ...notify("Run cancelled") })),
    refetch: () => {
      void list.query.refetch();
      void detail.query.refetch();
    },
  };
}
