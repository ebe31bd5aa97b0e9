import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import type { WorkflowStatus } from "../../../../contract/domain/workflow-runs";

type ListReply = CallReply<"workflows.list">;
export type WorkflowRow = ListReply["data"][number];
export type Template = CallReply<"workflows.templates">["data"][number];

const PAGE_SIZE = 10;

/** Workflow Automation's list: a page of the account's workflows, search and status filter, and their actions. */
export function useWorkflowsList() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<WorkflowStatus | undefined>();
  const list = useCustom<ListReply, HttpError>({
    url: "", method: "get", config: { query: { page, limit: PAGE_SIZE, ...(q ? { q } : {}), ...(status ? { status } : {}) } },
    meta: { callId: "workflows.list" }, errorNotification: false,
  });
  const templates = useCustom<CallReply<"workflows.templates">, HttpError>({ url: "", method: "get", meta: { callId: "workflows.templates" }, errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; data?: { _id: string }; message?: string }, HttpError>();

  const call = async (callId: "workflows.create" | "workflows.delete" | "workflows.setStatus", values: object, id?: string, success?: string) => {
    const res = await mutateAsync({
      url: "", method: callId === "workflows.delete" ? "delete" : "post", values,
      meta: { callId, ...(id ? { params: { id } } : {}) },
      successNotification: success ? () => ({ type: "success", message: success }) : false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void list.query.refetch();
    return res.data;
  };

  return {
    rows: list.query.error ? [] : (list.query.data?.data.data ?? []),
    total: list.query.data?.data.total ?? 0,
    page, setPage, pageSize: PAGE_SIZE,
    loading: list.query.isFetching,
    error: list.query.error ? "Failed to fetch workflows" : null,
    refetch: () => void list.query.refetch(),
    search: (value: string) => {
      setQ(value.trim());
      setPage(1);
    },
    status, setStatus: (s: WorkflowStatus | undefined) => {
      setStatus(s);
      setPage(1);
    },
    templates: templates.query.data?.data.data ?? [],
    saving: mutation.isPending,
    create: (values: { name: string; templateId?: string }) => call("workflows.create", values, undefined, "Workflow created"),
    remove: (id: string) => call("workflows.delete", {}, id, "Workflow deleted"),
    setActive: (id: string, active: boolean) => call("workflows.setStatus", { active }, id, active ? "Workflow turned on" : "Workflow turned off"),
  };
}
