import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, PAGE_DEFAULTS, type CallReply } from "../../../../contract";
import type { AddOutcome } from "../../suppressions/components/use-suppressions";

type ListReply = CallReply<"dnd.list">;
type ImportReply = CallReply<"dnd.import">;

/** The DND list: a page at a time with a number search, the counts by source, import and remove. */
export function useDnd() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const { query } = useCustom<ListReply>({
    url: "",
    method: "get",
    config: { query: { page, limit: PAGE_DEFAULTS.limit, ...(q ? { q } : {}) } },
    meta: { callId: "dnd.list" },
    errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<ImportReply, HttpError>();
  const run = async <T,>(callId: string, opts: { values?: unknown; params?: Record<string, string>; method: "post" | "delete"; success?: string }) => {
    const res = await mutateAsync({
      url: "",
      method: opts.method,
      values: (opts.values ?? {}) as Record<string, unknown>,
      meta: { callId, params: opts.params },
      successNotification: opts.success ? () => ({ type: "success", message: opts.success ?? "" }) : false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    return res.data as unknown as T;
  };
  return {
    rows: query.data?.data.data ?? [],
    total: query.data?.data.total ?? 0,
    counts: query.data?.data.counts ?? { import: 0, operator: 0 },
    page,
    setPage,
    loading: query.isFetching,
    isError: query.isError,
    error: query.error?.message,
    refetch: () => void query.refetch(),
    search: q,
    setSearch: (value: string) => {
      setQ(value.replace(/[^\d+]/g, ""));
      setPage(1);
    },
    busy: mutation.isPending,
    importFile: async (file: File): Promise<AddOutcome> => {
      const form = new FormData();
      form.append("file", file);
      const r = await run<ImportReply>("dnd.import", { method: "post", values: form });
      await query.refetch();
      return { added: r.added, invalid: r.invalid, message: r.message };
    },
    remove: async (id: string, number: string) => {
      await run("dnd.remove", { method: "delete", params: { id }, success: `${number} removed from the DND list` });
      await query.refetch();
    },
  };
}
