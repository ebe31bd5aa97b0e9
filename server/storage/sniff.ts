import { fileTypeFromBuffer } from "file-type";

/** The content type read from the file's first bytes; a name or a client's header is never believed. */
export async function sniffMimeType(bytes: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}

/** What the media rules need to know of a file: its type and, for a WebP, whether it is animated. */
export interface SniffedMedia {
  mimeType: string | undefined;
  animated: boolean;
}

/**
 * OLE2 compound files (.doc, .xls, .ppt) all sniff as application/x-cfb: the stream a program writes names it. The
 * names sit in the directory sectors as UTF-16LE ("WordDocument"; Excel 97+ "Workbook", Excel 5 "Book"; "PowerPoint
 * Document"), so they are looked for in the bytes. OOXML (.docx, .xlsx, .pptx) is told apart by file-type itself,
 * from the zip's [Content_Types].xml (and word/, xl/, ppt/ folders) without inflating the parts.
 */
const OLE2_STREAMS: readonly (readonly [string, string])[] = [
  ["WordDocument", "application/msword"],
  ["PowerPoint Document", "application/vnd.ms-powerpoint"],
  ["Workbook", "application/vnd.ms-excel"],
  ["Book", "application/vnd.ms-excel"],
];

function ole2Type(bytes: Buffer): string | undefined {
  return OLE2_STREAMS.find(([stream]) => bytes.includes(Buffer.from(`${stream}\u0000`, "utf16le")))?.[1];
}

/** Ogg audio: WhatsApp takes Opus only ("base audio/ogg not supported"), so anything else gets a name of its own. */
const RENAMED: Readonly<Record<string, string>> = {
  "audio/ogg; codecs=opus": "audio/ogg",
  "audio/ogg": "audio/ogg (not Opus)",
  "audio/x-m4a": "audio/mp4",
};

/**
 * Text has no magic number: a file no signature matched is text/plain when its first 64 KB are UTF-8 with no NUL and
 * no control characters other than tab, newline, carriage return and form feed.
 */
function isText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(head.toString("latin1"))) return false;
  try {
    // A multi-byte character cut at the 64 KB boundary is not an error: only the bytes before it are judged.
    new TextDecoder("utf-8", { fatal: true }).decode(
      head.subarray(0, head.length - (head.length === bytes.length ? 0 : 3)),
    );
    return true;
  } catch {
    return false;
  }
}

/** WebP's VP8X header carries the animation flag (bit 1 of the byte after the chunk size). */
function animatedWebp(bytes: Buffer): boolean {
  return bytes.toString("latin1", 12, 16) === "VP8X" && ((bytes[20] ?? 0) & 0x02) !== 0;
}

/** The type of a chat attachment or a received file, read from its bytes. */
export async function sniffMedia(bytes: Uint8Array): Promise<SniffedMedia> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = (await fileTypeFromBuffer(buffer))?.mime;
  if (found === "application/x-cfb") return { mimeType: ole2Type(buffer) ?? found, animated: false };
  if (found === "image/webp") return { mimeType: found, animated: animatedWebp(buffer) };
  if (found) return { mimeType: RENAMED[found] ?? found, animated: false };
  return { mimeType: buffer.length > 0 && isText(buffer) ? "text/plain" : undefined, animated: false };
}
