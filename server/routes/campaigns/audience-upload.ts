import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { Transform } from "node:stream";
import { HttpError } from "../../http/errors";
import { zipInspector, ZIP_LIMITS, type ZipInspector } from "../../services/files/zip-guard";
import type { Storage } from "../../storage";

export const UNSUPPORTED_AUDIENCE = "The audience file must be a CSV or an Excel (.xlsx) file";
export const audienceTooLarge = (maxBytes: number) =>
  `The audience file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`;

const SNIFF_BYTES = 4096;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What the first bytes say: a zip (XLSX), text (CSV), or neither. The part's name and type are not believed. */
function sniff(sample: Buffer): "csv" | "xlsx" | undefined {
  const head = sample.subarray(0, SNIFF_BYTES);
  if (head.subarray(0, 4).equals(ZIP)) return "xlsx";
  if (head.includes(0)) return undefined;
  try {
    // A multi-byte character may be cut at the end of the sample: decode the complete part only.
    utf8.decode(head.length >= SNIFF_BYTES ? head.subarray(0, head.length - 4) : head);
    return "csv";
  } catch {
    return undefined;
  }
}

/** The multipart plugin's own refusals of an audience upload, as the app's 413s; any other error as it is. */
export function audienceUploadError(request: FastifyRequest, error: unknown, maxBytes: number): unknown {
  const errors = request.server.multipartErrors;
  if (error instanceof errors.RequestFileTooLargeError) return new HttpError(413, audienceTooLarge(maxBytes));
  if (error instanceof errors.FilesLimitError) return new HttpError(413, "Send one audience file per request");
  return error;
}

export interface StoredAudience {
  key: string;
  kind: "csv" | "xlsx";
  name: string;
  bytes: number;
}

/**
 * Streams the form's file part to storage: the first bytes are held back until they say CSV or XLSX (anything else
 * fails the upload before a byte is written), then everything passes through, counted against the limit.
 */
export async function storeAudience(storage: Storage, part: MultipartFile, maxBytes: number): Promise<StoredAudience> {
  const key = `campaigns/${randomUUID()}/audience`;
  let head: Buffer[] = [];
  let headBytes = 0;
  let kind: "csv" | "xlsx" | undefined;
  let bytes = 0;
  // An Excel file is inflated as it streams by, under the zip limits: a zip bomb is refused before a campaign exists.
  let inspector: ZipInspector | undefined;
  const inspect = (run: () => void): Error | undefined => {
    try {
      run();
      return undefined;
    } catch (error) {
      return error as Error;
    }
  };
  const decide = (gate: Transform): Error | undefined => {
    const sample = Buffer.concat(head);
    kind = sniff(sample);
    if (!kind) return new HttpError(400, UNSUPPORTED_AUDIENCE, [{ field: "file", message: UNSUPPORTED_AUDIENCE }]);
    if (kind === "xlsx") inspector = zipInspector(ZIP_LIMITS.xlsx);
    const refused = inspect(() => inspector?.push(sample));
    if (refused) return refused;
    gate.push(sample);
    head = [];
    return undefined;
  };
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new HttpError(413, audienceTooLarge(maxBytes)));
      if (kind)
        return done(
          inspect(() => inspector?.push(chunk)),
          chunk,
        );
      head.push(chunk);
      headBytes += chunk.length;
      done(headBytes >= SNIFF_BYTES ? decide(this) : undefined);
    },
    flush(done) {
      done((kind ? undefined : decide(this)) ?? inspect(() => inspector?.end()));
    },
  });
  let sniffError: Error | undefined;
  gate.on("error", (error) => {
    sniffError = error;
  });
  try {
    await storage.putStream(key, part.file.pipe(gate), "application/octet-stream");
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    // The multipart limit truncates at maxBytes + 1: past the limit either way.
    if (part.file.truncated) throw new HttpError(413, audienceTooLarge(maxBytes));
    throw sniffError ?? error;
  }
  if (part.file.truncated) {
    await storage.delete(key).catch(() => undefined);
    throw new HttpError(413, audienceTooLarge(maxBytes));
  }
  return { key, kind: kind ?? "csv", name: part.filename.slice(0, 200), bytes };
}
