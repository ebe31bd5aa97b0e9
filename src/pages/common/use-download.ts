import { useCustomMutation, type HttpError } from "@refinedev/core";
import type { CallId } from "../../../contract";
import { MSG } from "../../../contract/messages";
import { callRequest, type CallInput } from "../../api";
import { saveBlob } from "../../lib/save-blob";

/**
 * Download calls (`download: true` in the contract) through the data provider like every other call: `fetchFile`
 * resolves with the file's Blob, or rejects after toasting why. A JSON answer (an error) reads 'Failed to download
 * file: …' (SPEC 8). The contract types a file's reply as its bytes; the client hands them over as a Blob, hence a
 * hook of its own rather than useCallMutation.
 */
export function useFileCall() {
  const { mutateAsync, mutation } = useCustomMutation<Blob, HttpError, unknown>();
  const fetchFile = async <K extends CallId>(id: K, input: CallInput<K>): Promise<Blob> => {
    const { url, meta } = callRequest(id, input);
    const res = await mutateAsync({
      url,
      // The data provider takes the method from the call's row (GET); the hook only knows mutation methods.
      method: "post",
      values: undefined,
      meta,
      successNotification: false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    return res.data;
  };
  return { fetchFile, busy: mutation.isPending };
}

/** A download call's file saved under `name`; a failure is only toasted. Empty query fields are left out. */
export function useCallDownload<K extends CallId>(id: K) {
  const { fetchFile, busy } = useFileCall();
  const download = async (query: Record<string, string | undefined>, name: string) => {
    const fields = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ""));
    const blob = await fetchFile(id, { query: fields } as CallInput<K>).catch(() => undefined);
    if (blob) saveBlob(blob, name);
  };
  return { download, busy };
}
