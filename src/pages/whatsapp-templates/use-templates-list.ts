import { useInvalidate, useList, type CrudFilter, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type WhatsAppTemplateRecord } from "../../../contract";
import type { WaTemplateStatus } from "../../../contract/domain/whatsapp-template";
import { useCallMutation } from "../../api";

interface Paging {
  cursors: { before?: string; after?: string };
  hasBefore: boolean;
  hasAfter: boolean;
}

type Cursor = { after: string } | { before: string } | null;

/**
 * The WhatsApp templates list: status filter, page size and the cursor live here (Graph-style cursor paging,
 * no page numbers). The list refetches when the review job pushes a verdict (realtime-provider invalidates it).
 */
export function useTemplatesList() {
  const [status, setStatusState] = useState<WaTemplateStatus | "ALL">("ALL");
  const [limit, setLimitState] = useState(10);
  const [cursor, setCursor] = useState<Cursor>(null);

  const filters: CrudFilter[] = [
    { field: "limit", operator: "eq", value: limit },
    ...(status !== "ALL" ? [{ field: "status", operator: "eq" as const, value: status }] : []),
    ...(cursor && "after" in cursor ? [{ field: "after", operator: "eq" as const, value: cursor.after }] : []),
    ...(cursor && "before" in cursor ? [{ field: "before", operator: "eq" as const, value: cursor.before }] : []),
  ];
  const { result, query } = useList<WhatsAppTemplateRecord, HttpError>({
    resource: "whatsapp-templates",
    pagination: { mode: "off" },
    filters,
    errorNotification: (err) => ({ type: "error", message: err?.message || MSG.fetchTemplates }),
  });
  const paging = (query.data as { paging?: Paging } | undefined)?.paging;
  const removal = useCallMutation("waba.templates.delete");
  const invalidate = useInvalidate();

  return {
    rows: result.data,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
    status,
    setStatus: (next: WaTemplateStatus | "ALL") => {
      setStatusState(next);
      setCursor(null);
    },
    limit,
    setLimit: (next: number) => {
      setLimitState(next);
      setCursor(null);
    },
    isFirstPage: cursor === null || !paging?.hasBefore,
    hasOlder: Boolean(paging?.hasAfter),
    older: () => paging?.cursors.after && setCursor({ after: paging.cursors.after }),
    newer: () =>
      paging?.cursors.before && paging.hasBefore ? setCursor({ before: paging.cursors.before }) : setCursor(null),
    deleting: removal.isPending,
    remove: (record: WhatsAppTemplateRecord) =>
      void removal
        .mutateAsync({
          body: { waba_id: record.waba_id },
          query: { templateName: record.name },
          successNotification: { type: "success", message: `Template ${record.name} deleted` },
          errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
        })
        .then(() => invalidate({ resource: "whatsapp-templates", invalidates: ["list"] }))
        // The error toast has said why.
        .catch(() => undefined),
  };
}
