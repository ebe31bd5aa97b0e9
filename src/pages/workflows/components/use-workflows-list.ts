import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import type { WorkflowStatus } from "../../../../contract/domain/workflow-runs";
import { useCall, useCallMutation } from "../../../api";

type ListReply = CallReply<"workflows.list">;
export type WorkflowRow = ListReply["data"][number];
export type Template = CallReply<"workflows.templates">["data"][number];

const PAGE_SIZE = 10;

/** Workflow Automation's list: a page of the account's workflows, search and status filter, and their actions. */
export function useWorkflowsList() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<WorkflowStatus | undefined>();
  const list = useCall(
    "workflows.list",
    { query: { page, limit: PAGE_SIZE, ...(q ? { q } : {}), ...(status ? { status } : {}) } },
    { errorNotification: false },
  );
  const templates = useCall("workflows.templates", {}, { errorNotification: false });
  const createCall = useCallMutation("workflows.create");
  const deleteCall = useCallMutation("workflows.delete");
  const statusCall = useCallMutation("workflows.setStatus");

  /** A toast on success and on failure; the list is fetched again after a change. */
  const notify = (success: string) => ({
    successNotification: () => ({ type: "success" as const, message: success }),
    errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
  });
  const changed = async <T>(reply: Promise<T>) => {
    const res = await reply;
    void list.query.refetch();
    return res;
  };

  return {
    rows: list.query.error ? [] : (list.query.data?.data.data ?? []),
    total: list.query.data?.data.total ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    loading: list.query.isFetching,
    error: list.query.error ? "Failed to fetch workflows" : null,
    refetch: () => void list.query.refetch(),
    search: (value: string) => {
      setQ(value.trim());
      setPage(1);
    },
    status,
    setStatus: (s: WorkflowStatus | undefined) => {
      setStatus(s);
      setPage(1);
    },
    templates: templates.query.data?.data.data ?? [],
    saving: createCall.isPending || deleteCall.isPending || statusCall.isPending,
    create: (values: { name: string; templateId?: string }) =>
      changed(createCall.mutateAsync({ body: values, ...notify("Workflow created") })),
    remove: (id: string) => changed(deleteCall.mutateAsync({ params: { id }, ...notify("Workflow deleted") })),
    setActive: (id: string, active: boolean) =>
      changed(
        statusCall.mutateAsync({
          params: { id },
          body: { active },
          ...notify(active ? "Workflow turned on" : "Workflow turned off"),
        }),
      ),
  };
}
