import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, PAGE_DEFAULTS, type CallReply, type RejectedRowRecord } from "../../../../contract";
import { saveFile } from "./save-file";

type ListReply = CallReply<"suppressions.list">;
export type AddReply = CallReply<"suppressions.add">;

/** What an add or import did: how many numbers went on the list, and the rows that were not numbers. */
export interface AddOutcome {
  added: number;
  invalid: RejectedRowRecord[];
  message: string;
}

/**
 * The suppression list: one page at a time with a number search (the list call's `q`, which Refine's table filters
 * would rename), and add, import, export and remove, after which the page is read again.
 */
export function useSuppressions() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const { query } = useCustom<ListReply>({
    url: "",
    method: "get",
    config: { query: { page, limit: PAGE_DEFAULTS.limit, ...(q ? { q } : {}) } },
    meta: { callId: "suppressions.list" },
    errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<AddReply, HttpError>();

  const run = async <T,>(callId: string, opts: { values?: unknown; params?: Record<string, string>; method: "post" | "delete"; success?: (r: T) => string }) => {
    // The call table decides the HTTP method; Refine only wants one of its mutation verbs here.
    const res = await mutateAsync({
      url: "",
      method: opts.method,
      values: (opts.values ?? {}) as Record<string, unknown>,
      meta: { callId, params: opts.params },
      successNotification: opts.success ? (data) => ({ type: "success", message: opts.success?.(data?.data as T) ?? "" }) : false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    return res.data as unknown as T;
  };

  const outcome = (r: AddReply): AddOutcome => ({ added: r.added, invalid: r.invalid, message: r.message });

  return {
    rows: query.data?.data.data ?? [],
    total: query.data?.data.total ?? 0,
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

    add: async (numbers: string, reason: string) => {
      const r = await run<AddReply>("suppressions.add", { method: "post", values: { numbers, ...(reason ? { reason } : {}) } });
      await query.refetch();
      return outcome(r);
    },

    importFile: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      const r = await run<AddReply>("suppressions.import", { method: "post", values: form });
      await query.refetch();
      return outcome(r);
    },

    exportFile: async () => {
      const blob = await run<Blob>("suppressions.export", { method: "post" });
      saveFile(blob, `suppression-list-${new Date().toISOString().slice(0, 10)}.csv`);
    },

    remove: async (id: string, number: string) => {
      await run("suppressions.remove", { method: "delete", params: { id }, success: () => `${number} removed from the suppression list` });
      await query.refetch();
    },
  };
}

export type SuppressionsModel = ReturnType<typeof useSuppressions>;
