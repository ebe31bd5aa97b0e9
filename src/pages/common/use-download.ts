import { useCustomMutation, type HttpError } from "@refinedev/core";
import { MSG } from "../../../contract/messages";
import { saveBlob } from "../../lib/save-blob";

/**
 * A file from a resource's download action (a call with `download: true`), through the data provider like every
 * other call, saved under `name`. A JSON answer (an error) reads 'Failed to download file: …' (SPEC 8), toasted.
 */
export function useDownload(resource: string, action: string) {
  const { mutateAsync, mutation } = useCustomMutation<Blob, HttpError, unknown>();
  const download = async (query: Record<string, string | undefined>, name: string) => {
    const res = await mutateAsync({
      url: "",
      // The data provider takes the method from the call's row (GET); the hook only knows mutation methods.
      method: "post",
      values: undefined,
      meta: { resource, action, query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== "")) },
      successNotification: false,
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    }).catch(() => undefined);
    if (res) saveBlob(res.data, name);
  };
  return { download, busy: mutation.isPending };
}
