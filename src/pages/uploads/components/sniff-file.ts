/**
 * The file's type read from its first bytes, like the server does (file-type), so the picker can explain a refusal
 * before anything is sent. Loaded on demand: only the picker needs the sniffer.
 */
export async function sniffFile(file: Blob): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import("file-type");
  // file-type reads at most this many bytes to decide.
  const head = new Uint8Array(await file.slice(0, 4100).arrayBuffer());
  return (await fileTypeFromBuffer(head))?.mime;
}
