import { parse } from "csv-parse";
import { FileRefused } from "../../files/refusal";
import { xlsxRowsInWorker } from "../../files/xlsx-in-worker";
import { Transform, type Readable } from "node:stream";

/** One audience row: its number as the person sees it (1-based line / sheet row / pasted item) and its cells. */
export interface AudienceRow {
  row: number;
  cells: string[];
}

/** A readable source's bytes as they are consumed: the validating progress bar. */
export class ByteCounter extends Transform {
  bytes = 0;
  /** Text files never hold NUL bytes; one means binary junk sent as CSV (caught here, before csv-parse chews on it). */
  constructor(private readonly text: boolean) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ): void {
    this.bytes += chunk.length;
    if (this.text && chunk.includes(0)) return done(new JunkError());
    done(null, chunk);
  }
}

export class JunkError extends Error {
  constructor(message = "The file is not a readable CSV or Excel file") {
    super(message);
  }
}

/** Rows are handed on in batches: one await per batch, not per row (a million awaits cost seconds). */
export type RowBatches = AsyncIterable<AudienceRow[]>;
const BATCH = 1000;

/** Everything a readable object stream has buffered, up to BATCH records, waiting only when it has none. */
async function* drained<T>(stream: Readable): AsyncGenerator<T[]> {
  let failure: unknown;
  stream.on("error", (error) => {
    failure = error;
  });
  for (;;) {
    const batch: T[] = [];
    let record: T | null;
    while (batch.length < BATCH && (record = stream.read() as T | null) !== null) batch.push(record);
    if (batch.length) {
      yield batch;
      continue;
    }
    if (failure) throw failure;
    if (stream.readableEnded || stream.destroyed) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        for (const event of ["readable", "end", "error", "close"]) stream.off(event, done);
        resolve();
      };
      for (const event of ["readable", "end", "error", "close"]) stream.once(event, done);
    });
  }
}

/**
 * CSV rows streamed through csv-parse: any delimiter it detects among , ; tab | (a contacts import passes "," only: its
 * labels cell holds `;`), ragged rows allowed, BOM dropped.
 */
export async function* csvRows(
  source: Readable,
  counter: ByteCounter,
  delimiter: string | string[] = [",", ";", "\t", "|"],
): RowBatches {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, delimiter });
  source.on("error", (error) => parser.destroy(error));
  counter.on("error", (error) => parser.destroy(error));
  source.pipe(counter).pipe(parser);
  let row = 0;
  try {
    for await (const records of drained<string[]>(parser)) {
      yield records.map((cells) => ({ row: ++row, cells }));
    }
  } catch (error) {
    if (error instanceof JunkError) throw error;
    const code = (error as { code?: string }).code;
    if (code?.startsWith("CSV_")) throw new JunkError();
    throw error;
  } finally {
    source.destroy();
  }
}

/**
 * The first worksheet's rows, read in a worker under the zip and memory limits; a refusal's reason becomes the
 * failure's.
 */
export async function* xlsxRows(source: Readable, counter: ByteCounter): RowBatches {
  try {
    yield* xlsxRowsInWorker(source, { through: [counter] });
  } catch (error) {
    if (error instanceof FileRefused) throw new JunkError(error.reason);
    throw Object.assign(new JunkError(), { cause: error });
  }
}

const SEPARATORS = /[\n,;]+/;

/** Pasted numbers: one per line or separated by commas or semicolons; each non-empty item is a row. */
export async function* pastedRows(text: string, progress: { bytes: number }): RowBatches {
  let row = 0;
  let batch: AudienceRow[] = [];
  for (const item of text.split(SEPARATORS)) {
    progress.bytes += item.length + 1;
    const value = item.trim();
    if (!value) continue;
    batch.push({ row: ++row, cells: [value] });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
