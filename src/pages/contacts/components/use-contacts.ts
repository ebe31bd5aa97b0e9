import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG } from "../../../../contract";
import { CONTACT_LIMIT_DEFAULT } from "../../../../contract/domain/contacts";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";
import { useCallDownload } from "../../common/use-download";

/**
 * The contacts screen's data: one page at a time by cursor (the cursors of the pages seen are kept, so Previous
 * goes back without a count), the search and label filter in state only (never in the page URL: SPEC 5's guard),
 * the selection, and the calls that change contacts.
 */
export function useContacts() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [q, setQ] = useState("");
  const [label, setLabel] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const page = cursors.length;
  const cursor = cursors[page - 1];
  const { query } = useCall(
    "contacts.list",
    {
      query: {
        limit: CONTACT_LIMIT_DEFAULT,
        ...(q ? { q } : {}),
        ...(label ? { label } : {}),
        ...(cursor ? { cursor } : {}),
      },
    },
    { errorNotification: false },
  );
  // The first page carries the labels; later pages answer none, so the last non-empty list is kept.
  const [labels, setLabels] = useState<string[]>([]);
  const answered = query.data?.data;
  if (answered && !cursor && answered.labels.join("\n") !== labels.join("\n")) setLabels(answered.labels);

  const labelsCall = useCallMutation("contacts.labels");
  const removeCall = useCallMutation("contacts.remove");
  const exportCall = useCallDownload("contacts.export");
  const errorNotification = (err?: HttpError) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });
  const restart = () => {
    setCursors([undefined]);
    setSelected([]);
  };
  const refreshed = async () => {
    setSelected([]);
    await query.refetch();
  };

  return {
    rows: answered?.data ?? [],
    labels,
    /** Erase is the owner's decision: a manager's users see no erase section (the server refuses them too). */
    mayErase: answered?.mayErase ?? false,
    page,
    hasNext: Boolean(answered?.nextCursor),
    next: () => answered?.nextCursor && setCursors([...cursors, answered.nextCursor]),
    previous: () => page > 1 && setCursors(cursors.slice(0, -1)),
    loading: query.isFetching,
    firstLoad: query.isLoading,
    isError: query.isError,
    error: query.error?.message,
    refetch: () => void query.refetch(),
    search: q,
    setSearch: (value: string) => {
      setQ(value.trim());
      restart();
    },
    label,
    setLabel: (value: string | undefined) => {
      setLabel(value);
      restart();
    },
    selected,
    setSelected,
    busy: labelsCall.isPending || removeCall.isPending,
    /** After a save the list starts again at page 1, where the changed contact now sits (last updated first). */
    saved: async () => {
      restart();
      await query.refetch();
    },
    relabel: async (add: string[], remove: string[]) => {
      const r = await labelsCall.mutateAsync({
        body: { ids: selected, add, remove },
        successNotification: false,
        errorNotification,
      });
      toast.success(r.message);
      await refreshed();
    },
    remove: async () => {
      const r = await removeCall.mutateAsync({
        body: { ids: selected },
        successNotification: false,
        errorNotification,
      });
      toast.success(r.message);
      await refreshed();
    },
    exporting: exportCall.busy,
    exportCsv: () => exportCall.download({ q, label }, `contacts-${new Date().toISOString().slice(0, 10)}.csv`),
  };
}

export type ContactsModel = ReturnType<typeof useContacts>;
