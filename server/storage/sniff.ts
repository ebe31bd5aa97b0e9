import { fileTypeFromBuffer } from "file-type";

/** The content type read from the file's first bytes; a name or a client's header is never believed. */
export async function sniffMimeType(bytes: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}
