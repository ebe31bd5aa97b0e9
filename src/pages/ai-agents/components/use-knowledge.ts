import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";

export type KnowledgeEntry = CallReply<"ai.knowledge.list">["data"][number];
export type SearchHit = CallReply<"ai.knowledge.search">["data"][number];
export type KnowledgeDetail = CallReply<"ai.knowledge.get">["data"];

const PAGE_SIZE = 10;

/**
 * The agent's knowledge (its own and the account's shared entries), adding text, FAQ pairs or a file, and the search
 * box.
 */
export function useKnowledge(agentId: string, onChange: () => void) {
  const [page, setPage] = useState(1);
  const [question, setQuestion] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCall(
    "ai.knowledge.list",
    { query: { agentId, page, limit: PAGE_SIZE } },
    { errorNotification: false },
  );
  const search = useCall(
    "ai.knowledge.search",
    { query: { query: question, agentId, limit: 10 } },
    { errorNotification: false, queryOptions: { enabled: Boolean(question) } },
  );
  const detail = useCall(
    "ai.knowledge.get",
    { params: { id: openId ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(openId) } },
  );
  const createCall = useCallMutation("ai.knowledge.create");
  const deleteCall = useCallMutation("ai.knowledge.delete");

  const done = () => {
    void list.query.refetch();
    if (question) void search.query.refetch();
    onChange();
  };
  const notify = {
    successNotification: (data?: { data?: unknown }) => ({
      type: "success" as const,
      message: (data?.data as { message?: string } | undefined)?.message ?? "Saved",
    }),
    errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
  };

  return {
    entries: list.query.data?.data.data ?? [],
    total: list.query.data?.data.count ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    loading: list.query.isFetching,
    error: list.query.error,
    question,
    ask: (q: string) => setQuestion(q.trim()),
    hits: search.query.data?.data.data ?? [],
    mode: search.query.data?.data.mode ?? null,
    tookMs: search.query.data?.data.tookMs ?? null,
    searching: search.query.isFetching,
    searchError: search.query.error,
    saving: createCall.isPending || deleteCall.isPending,
    progress,
    add: async (values: Record<string, unknown>, kind: "text" | "faq") => {
      await createCall.mutateAsync({ body: { ...values, kind, agentId }, ...notify });
      done();
    },
    upload: async (file: File, fields: { title?: string; intent?: string }) => {
      const form = new FormData();
      form.append("agentId", agentId);
      if (fields.title) form.append("title", fields.title);
      if (fields.intent) form.append("intent", fields.intent);
      form.append("file", file);
      setProgress(0);
      try {
        await createCall.mutateAsync({
          body: form,
          onUploadProgress: (f: number) => setProgress(Math.round(f * 100)),
          ...notify,
        });
        done();
      } finally {
        setProgress(null);
      }
    },
    remove: async (id: string) => {
      await deleteCall.mutateAsync({ params: { id }, ...notify });
      done();
    },
    open: setOpenId,
    opened: openId ? (detail.query.data?.data.data ?? null) : null,
    openedLoading: detail.query.isFetching,
  };
}
