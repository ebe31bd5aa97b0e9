// Zip-based uploads (DOCX knowledge, XLSX audiences and suppression lists) are inflated here first, under hard limits,
// before any parser sees them: a 62 KB .docx that unpacks to 20 MB of XML kept mammoth busy for two minutes and took
// the server from 329 MB to 2.9 GB. The sizes a zip declares are not believed (they can lie): every entry is really
// inflated (fflate's streaming Unzip, which reads local headers in order, as exceljs' unzipper does) and the bytes that
// come out are counted as they come, fed in small slices so no single step can produce more than a few MB.
import { Transform } from "node:stream";
import { Unzip, UnzipInflate, zipSync, type Zippable } from "fflate";
import { HttpError } from "../../http/errors";
import { FileRefused } from "./refusal";

export interface ZipLimits {
  /** What the file is, in refusals ("Word document"). */
  kind: string;
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /**
   * Inflated bytes per compressed byte read so far, once past RATIO_GRACE_BYTES. Apache POI's ZipSecureFile refuses
   * OOXML entries past 100 to 1 (MIN_INFLATE_RATIO 0.01); real documents and sheets stay far below it.
   */
  maxRatio: number;
  /**
   * Tighter caps for parts a reader holds whole or that have no business being big, by entry name: all entries of
   * that name together (a second entry of the same name is read again, and adds to the first).
   */
  parts?: Readonly<Record<string, { what: string; maxBytes: number }>>;
}

const MB = 1024 * 1024;

/** The one table of the limits, per kind of file. */
export const ZIP_LIMITS = {
  // Knowledge documents (at most 20 MB uploaded): their text is what counts, and mammoth holds the XML parsed.
  docx: { kind: "Word document", maxEntries: 1000, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 100 },
  // Audiences of up to 2,000,000 rows: a sheet of that many numbers is a few hundred MB of XML, streamed by exceljs.
  xlsx: {
    kind: "Excel file",
    maxEntries: 1000,
    maxEntryBytes: 768 * MB,
    maxTotalBytes: 1024 * MB,
    maxRatio: 100,
    // exceljs reads these exact names. Shared strings are cached whole (every distinct text cell of the workbook, kept
    // in memory while the sheets are read): 128 MB holds a 2,000,000-row audience (AUDIENCE_MAX_ROWS) with its numbers
    // stored as text and a name column, about 120 MB (a generated 200,000-row sheet with names, half its numbers as
    // text and cities gave 8.3 MB; all numbers as text and longer names bring 2,000,000 rows to ~120 MB). Styles are
    // skipped unread and the workbook's index is a few KB in real files: 16 MB is far beyond any of them.
    parts: {
      "xl/sharedStrings.xml": { what: "text (xl/sharedStrings.xml)", maxBytes: 128 * MB },
      "xl/styles.xml": { what: "styles (xl/styles.xml)", maxBytes: 16 * MB },
      "xl/workbook.xml": { what: "sheet list (xl/workbook.xml)", maxBytes: 16 * MB },
    },
  },
} as const satisfies Record<string, ZipLimits>;

/** Small entries compress as they like; the ratio is judged once this much has come out. */
const RATIO_GRACE_BYTES = MB;
/** Input is fed in slices this big: deflate expands at most ~1032x, so one step yields at most ~16 MB. */
const SLICE = 16 * 1024;

const mb = (bytes: number) => (bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / MB)} MB`);

/** Refusals: 413 for what unpacks too large, 422 for what is no honest archive. */
const refused = (status: 413 | 422, message: string): FileRefused => new FileRefused(status, message);

export interface ZipInspector {
  /** Inflates what the chunk holds, counting; throws the refusal when a limit is passed. */
  push(chunk: Uint8Array): void;
  /** The end of the file: throws when it ended inside an entry or held none. */
  end(): void;
  /** With `keep`: every entry's bytes, by name. */
  files(): Zippable;
}

export function zipInspector(limits: ZipLimits, { keep = false }: { keep?: boolean } = {}): ZipInspector {
  let entries = 0;
  let open = 0;
  let total = 0;
  let read = 0;
  let failure: HttpError | undefined;
  const kept: Zippable = {};
  const byPart = new Map<string, number>();
  const fail = (error: HttpError): never => {
    failure ??= error;
    throw failure;
  };
  const unreadable = () => refused(422, `The ${limits.kind} could not be read (a damaged or unsupported zip)`);

  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries)
      fail(refused(422, `The ${limits.kind} holds more than ${limits.maxEntries} parts; it was not read`));
    let size = 0;
    const parts: Uint8Array[] = [];
    const part = limits.parts && Object.hasOwn(limits.parts, file.name) ? limits.parts[file.name] : undefined;
    open += 1;
    file.ondata = (err, data, final) => {
      if (err) return fail(unreadable());
      size += data.length;
      total += data.length;
      if (part) {
        const partSize = (byPart.get(file.name) ?? 0) + data.length;
        byPart.set(file.name, partSize);
        if (partSize > part.maxBytes)
          fail(
            refused(
              413,
              `The ${limits.kind}'s ${part.what} unpacks to more than ${mb(part.maxBytes)}; it was not read`,
            ),
          );
      }
      if (size > limits.maxEntryBytes)
        fail(
          refused(
            413,
            `A part of the ${limits.kind} unpacks to more than ${mb(limits.maxEntryBytes)}; it was not read`,
          ),
        );
      if (total > limits.maxTotalBytes)
        fail(refused(413, `The ${limits.kind} unpacks to more than ${mb(limits.maxTotalBytes)}; it was not read`));
      if (total > RATIO_GRACE_BYTES && total > limits.maxRatio * read) {
        fail(
          refused(
            422,
            `The ${limits.kind} is compressed more than ${limits.maxRatio} to 1, as zip bombs are; it was not read`,
          ),
        );
      }
      if (keep && data.length) parts.push(data);
      if (final) {
        open -= 1;
        if (keep && !file.name.endsWith("/")) kept[file.name] = parts.length === 1 ? parts[0] : concat(parts, size);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  const step = (slice: Uint8Array, final: boolean) => {
    try {
      unzip.push(slice, final);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      fail(unreadable());
    }
    if (failure) throw failure;
  };

  return {
    push(chunk) {
      if (failure) throw failure;
      for (let at = 0; at < chunk.length; at += SLICE) {
        const slice = chunk.subarray(at, at + SLICE);
        read += slice.length;
        step(slice, false);
      }
    },
    end() {
      step(new Uint8Array(0), true);
      if (entries === 0 || open !== 0) fail(unreadable());
    },
    files: () => kept,
  };
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The archive inflated under the limits and written again (stored, uncompressed): the parser reads exactly the entries
 * that were counted, never a central directory that names bytes the count did not see.
 */
export function repackZip(bytes: Uint8Array, limits: ZipLimits): Buffer {
  const inspector = zipInspector(limits, { keep: true });
  inspector.push(bytes);
  inspector.end();
  return Buffer.from(zipSync(inspector.files(), { level: 0 }));
}

/** A pass-through stream that inflates what goes by under the limits and errors with the refusal once one is passed. */
export class ZipGuard extends Transform {
  private readonly inspector: ZipInspector;

  constructor(limits: ZipLimits) {
    super();
    this.inspector = zipInspector(limits);
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ): void {
    try {
      this.inspector.push(chunk);
    } catch (error) {
      return done(error as Error);
    }
    done(null, chunk);
  }

  override _flush(done: (error?: Error | null) => void): void {
    try {
      this.inspector.end();
    } catch (error) {
      return done(error as Error);
    }
    done();
  }
}

export const zipGuard = (limits: ZipLimits): ZipGuard => new ZipGuard(limits);
