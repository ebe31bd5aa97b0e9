import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type ContactImportRecord } from "../../../../contract";
import type { ImportMode } from "../../../../contract/domain/contact-import";
import { useCall, useCallMutation } from "../../../api";
import { saveBlob } from "../../../lib/save-blob";
import { useFileCall } from "../../common/use-download";

/** How often the progress of a running import is read. */
const POLL_MS = 1000;
const running = (r?: ContactImportRecord) => r?.status === "queued" || r?.status === "running";

/**
 * The import drawer's data: the uploaded file's record (headers, preview, suggested mapping), the mapping and mode
 * being chosen, then the started import, read again every second while the job runs.
 */
export function useImport() {
  const [uploaded, setUploaded] = useState<ContactImportRecord | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [mode, setMode] = useState<ImportMode>("update");
  const [started, setStarted] = useState(false);
  const [sent, setSent] = useState(0);
  const uploadCall = useCallMutation("contacts.imports.upload");
  const startCall = useCallMutation("contacts.imports.start");
  const { fetchFile, busy: downloading } = useFileCall();
  const progress = useCall(
    "contacts.imports.get",
    { params: { id: uploaded?.id ?? "" } },
    {
      errorNotification: false,
      queryOptions: {
        enabled: Boolean(uploaded && started),
        refetchInterval: (q) => (running(q.state.data?.data.data) ? POLL_MS : false),
      },
    },
  ).query;
  const errorNotification = (err?: HttpError) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });
  const current = started ? (progress.data?.data.data ?? uploaded) : uploaded;

  return {
    record: current,
    mapping,
    mode,
    setMode,
    setField: (column: number, field: string) => setMapping(mapping.map((f, i) => (i === column ? field : f))),
    started,
    uploading: uploadCall.isPending,
    sent,
    starting: startCall.isPending,
    downloading,
    running: started && (running(current ?? undefined) || !progress.data),
    upload: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      setSent(0);
      const r = await uploadCall.mutateAsync({
        body: form,
        onUploadProgress: setSent,
        successNotification: false,
        errorNotification,
      });
      setUploaded(r.data);
      setMapping(r.data.suggested);
    },
    start: async () => {
      if (!uploaded) return;
      await startCall.mutateAsync({
        params: { id: uploaded.id },
        body: { mapping, mode },
        successNotification: false,
        errorNotification,
      });
      setStarted(true);
    },
    downloadRejected: async () => {
      if (!uploaded) return;
      const blob = await fetchFile("contacts.imports.rejected", { params: { id: uploaded.id } }).catch(() => undefined);
      if (blob) saveBlob(blob, `${uploaded.fileName.replace(/\.[^.]*$/, "")}-rejected.csv`);
    },
    reset: () => {
      setUploaded(null);
      setMapping([]);
      setMode("update");
      setStarted(false);
    },
  };
}

export type ImportModel = ReturnType<typeof useImport>;
