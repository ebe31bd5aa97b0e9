// Real file bytes that file-type recognises, and multipart bodies for app.inject, for the upload tests.
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A 1x1 PNG, padded after IEND to `size` bytes when asked (still a PNG to a sniffer, like a camera's trailer). */
export function png(size?: number): Buffer {
  const base = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  return size && size > base.length ? Buffer.concat([base, Buffer.alloc(size - base.length)]) : base;
}

export const gif = (): Buffer => Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export const pdf = (): Buffer =>
  Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

/** An MP4 'ftyp' box (brand isom) followed by padding. */
export function mp4(size = 64): Buffer {
  const box = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]);
  return Buffer.concat([box, Buffer.alloc(Math.max(0, size - box.length))]);
}

/** A Windows executable's first bytes. */
export const exe = (): Buffer =>
  Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(64)]);

export interface FilePart {
  field: string;
  bytes: Buffer;
  name: string;
  /** What the client claims; the server must not believe it. */
  type?: string;
}

/** A multipart/form-data body built by the platform's own FormData, with the header app.inject needs. */
export async function multipart(
  fields: Record<string, string>,
  ...files: FilePart[]
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") ?? "" },
  };
}

export const tempDataDir = () => mkdtemp(join(tmpdir(), "uploads-test-"));

/** Every file under a folder, recursively (what the disk store holds). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
