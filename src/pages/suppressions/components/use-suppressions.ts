import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, PAGE_DEFAULTS, type CallReply, type RejectedRowRecord } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import { saveFile } from "./save-file";

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
  const { query } = useCall(
    "suppressions.list",
    { query: { page, limit: PAGE_DEFAULTS.limit, ...(q ? { q } : {}) } },
    { errorNotification: false },
  );
  const addCall = useCallMutation("suppressions.add");
  const importCall = useCallMutation("suppressions.import");
  const exportCall = useCallMutation("suppressions.export");
  const removeCall = useCallMutation("suppressions.remove");
  const errorNotification = (err?: HttpError) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });

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
    busy: [addCall, importCall, exportCall, removeCall].some((m) => m.isPending),

    add: async (numbers: string, reason: string) => {
      const r = await addCall.mutateAsync({
        body: { numbers, ...(reason ? { reason } : {}) },
        successNotification: false,
        errorNotification,
      });
      await query.refetch();
      return outcome(r);
    },

    importFile: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      const r = await importCall.mutateAsync({ body: form, successNotification: false, errorNotification });
      await query.refetch();
      return outcome(r);
    },

    exportFile: async () => {
      const blob = await exportCall.mutateAsync({ successNotification: false, errorNotification });
      saveFile(blob, `suppression-list-${new Date().toISOString().slice(0, 10)}.csv`);
    },

    remove: async (id: string, number: string) => {
      await removeCall.mutateAsync({
        params: { id },
        successNotification: () => ({ type: "success", message: `${number} removed from the suppression list` }),
        errorNotification,
      });
      await query.refetch();
    },
  };
}

export type SuppressionsModel = ReturnType<typeof useSuppressions>;
