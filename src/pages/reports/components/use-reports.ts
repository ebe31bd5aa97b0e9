import { useTable } from "@refinedev/antd";
import { useDelete, useInvalidate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useEffect, useState } from "react";
import { MSG, PAGE_DEFAULTS, type ReportRecord } from "../../../../contract";
import { REPORT_PROGRESS_EVENT } from "../../../../contract/domain/campaigns";
import type { ReportChannel, ReportProgress } from "../../../../contract/domain/reports";
import { useCallMutation } from "../../../api";
import { saveBlob } from "../../../lib/save-blob";
import { subscribeRealtime } from "../../../providers/realtime-events";
import { isReportProgress, isUnfinished, withProgress } from "./report-format";

/**
 * While a listed report is queued or running, the list is read again this often (a manager's view of its sub-users'
 * reports hears no pushes).
 */
const UNFINISHED_REFRESH_MS = 5000;

/** What a failure notification shows: SPEC 8's message, and the server's reason under it when it says more. */
export const failure = (message: string) => (err?: HttpError) => ({
  type: "error" as const,
  message,
  description: err?.message && err.message !== message ? err.message : undefined,
});

/**
 * The Performance Reports list: server-paged (page in the URL), narrowed by channel, with each report's live
 * 'reportProgress' pushes laid over its row (the list is read again when one finishes), download, delete and the
 * report open in the details drawer.
 */
export function useReports() {
  const [channel, setChannel] = useState<ReportChannel>("all");
  const [pushes, setPushes] = useState<Record<string, ReportProgress>>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const invalidate = useInvalidate();

  const permanent: CrudFilter[] = [
    { field: "channel", operator: "eq", value: channel === "all" ? undefined : channel },
  ];
  const { tableProps, tableQuery, setCurrentPage } = useTable<ReportRecord, HttpError>({
    resource: "reports",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_DEFAULTS.limit, mode: "server" },
    filters: { permanent },
    // The failure shows in the page's Alert with Retry (SPEC 8's words), not twice as a toast too.
    errorNotification: false,
    queryOptions: {
      refetchInterval: (query) => ((query.state.data?.data ?? []).some(isUnfinished) ? UNFINISHED_REFRESH_MS : false),
    },
  });

  useEffect(
    () =>
      subscribeRealtime(REPORT_PROGRESS_EVENT, (payload) => {
        if (!isReportProgress(payload)) return;
        setPushes((p) => ({ ...p, [payload.reportId]: payload }));
        // A finished report's file facts (name, size, expiry) come with the list.
        if (!isUnfinished(payload))
          void invalidate({ resource: "reports", invalidates: ["list", "detail"], id: payload.reportId });
      }),
    [invalidate],
  );

  const rows = (tableQuery.data?.data ?? []).map((r) => withProgress(r, pushes[r._id]));
  const total = tableQuery.data?.total ?? 0;

  // A GET run on demand: the data provider takes the method from the call's row.
  const fileCall = useCallMutation("reports.download");
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (r: ReportRecord) => {
    setDownloading(r._id);
    try {
      // The client reads a download as a Blob; the contract can only call the file's bytes a string.
      const file: unknown = await fileCall.mutateAsync({
        params: { id: r._id },
        successNotification: false,
        errorNotification: failure(MSG.downloadReport),
      });
      saveBlob(file instanceof Blob ? file : new Blob([String(file)]), r.fileName ?? `report-${r._id}.${r.format}`);
    } catch {
      // The notification has said why; the list is read again (the report may have expired or been deleted).
      void invalidate({ resource: "reports", invalidates: ["list", "detail"], id: r._id });
    } finally {
      setDownloading(null);
    }
  };

  const { mutateAsync: deleteOne, mutation: deleteMutation } = useDelete<ReportRecord, HttpError>();
  const remove = async (r: ReportRecord) => {
    await deleteOne({
      resource: "reports",
      id: r._id,
      successNotification: { type: "success", message: "Report deleted" },
      errorNotification: failure(MSG.deleteReport),
    }).catch(() => undefined);
    if (openId === r._id) setOpenId(null);
  };

  return {
    rows,
    total,
    tableProps: {
      ...tableProps,
      dataSource: rows,
      pagination: tableProps.pagination && { ...tableProps.pagination, total, showSizeChanger: false },
    },
    isError: tableQuery.isError,
    errorDetail: tableQuery.error?.message,
    refetch: () => void tableQuery.refetch(),
    channel,
    setChannel: (c: ReportChannel) => {
      setChannel(c);
      setCurrentPage(1);
    },
    filtered: channel !== "all",
    download,
    downloading: fileCall.isPending ? downloading : null,
    remove,
    deleting: deleteMutation.isPending,
    openId,
    open: setOpenId,
    /** The open report as the list knows it, live. */
    opened: rows.find((r) => r._id === openId) ?? null,
    /** A generated report: the first page shows it at the top. */
    generated: () => {
      setCurrentPage(1);
      void invalidate({ resource: "reports", invalidates: ["list"] });
    },
  };
}

export type ReportsModel = ReturnType<typeof useReports>;
