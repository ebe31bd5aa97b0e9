import { saveBlob } from "../../../lib/save-blob";

/** Hands a downloaded file to the browser under a name (the call answered a Blob; anything else is written as text). */
export function saveFile(data: unknown, name: string): void {
  saveBlob(
    data instanceof Blob
      ? data
      : new Blob([typeof data === "string" ? data : JSON.stringify(data)], { type: "text/csv" }),
    name,
  );
}
