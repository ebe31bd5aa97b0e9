import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, PAGE_DEFAULTS } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import type { AddOutcome } from "../../suppressions/components/use-suppressions";

/** The DND list: a page at a time with a number search, the counts by source, import and remove. */
export function useDnd() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const { query } = useCall(
    "dnd.list",
    { query: { page, limit: PAGE_DEFAULTS.limit, ...(q ? { q } : {}) } },
    { errorNotification: false },
  );
  const importCall = useCallMutation("dnd.import");
  const removeCall = useCallMutation("dnd.remove");
  const errorNotification = (err?: HttpError) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });
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
    busy: importCall.isPending || removeCall.isPending,
    importFile: async (file: File): Promise<AddOutcome> => {
      const form = new FormData();
      form.append("file", file);
      const r = await importCall.mutateAsync({ body: form, successNotification: false, errorNotification });
      await query.refetch();
      return { added: r.added, invalid: r.invalid, message: r.message };
    },
    remove: async (id: string, number: string) => {
      await removeCall.mutateAsync({
        params: { id },
        successNotification: () => ({ type: "success", message: `${number} removed from the DND list` }),
        errorNotification,
      });
      await query.refetch();
    },
  };
}
