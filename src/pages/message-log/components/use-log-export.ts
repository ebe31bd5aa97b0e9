import { useState } from "react";
import type { ReportFormat, ReportStatus } from "../../../../contract/domain/reports";
import { useCall, useCallMutation } from "../../../api";
import { saveBlob } from "../../../lib/save-blob";
import { useFileCall } from "../../common/use-download";
import type { LogSearch } from "./use-message-log";

const LIVE: readonly ReportStatus[] = ["queued", "running"];
/** While the file is written its status is asked for this often (the job writes progress at most four times a second). */
const POLL_MS = 1000;

/**
 * The log's export through the report job: queue a CSV or XLSX with the screen's filters, follow its progress, then
 * download the file. One export at a time on the page; a new one replaces what is shown.
 */
export function useLogExport(search: LogSearch, accountId?: string) {
  const [id, setId] = useState<string>();
  const own = useCallMutation("messageLog.exportJob");
  const account = useCallMutation("messageLog.accountExportJob");
  const [starting, setStarting] = useState<ReportFormat>();
  const status = useCall(
    "messageLog.exportStatus",
    { params: { id: id ?? "" } },
    {
      queryOptions: {
        enabled: Boolean(id),
        refetchInterval: (q) => (LIVE.includes(q.state.data?.data.data.status ?? "queued") ? POLL_MS : false),
      },
      errorNotification: false,
    },
  );
  const { fetchFile, busy } = useFileCall();
  const record = id ? status.query.data?.data.data : undefined;
  const start = async (format: ReportFormat) => {
    setStarting(format);
    try {
      const reply = accountId
        ? await account.mutateAsync({ query: { ...search, accountId, format }, successNotification: false })
        : await own.mutateAsync({ query: { ...search, format }, successNotification: false });
      setId(reply.data._id);
    } catch {
      // The data provider has toasted why (a bad filter, too many unfinished exports).
    } finally {
      setStarting(undefined);
    }
  };
  const download = async () => {
    if (!id || !record) return;
    const blob = await fetchFile("messageLog.exportDownload", { params: { id } }).catch(() => undefined);
    if (blob) saveBlob(blob, record.fileName ?? `message-log.${record.format}`);
  };
  return { record, starting, start, download, downloading: busy, dismiss: () => setId(undefined) };
}
