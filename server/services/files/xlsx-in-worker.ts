// XLSX rows are read in a worker thread with a heap cap: exceljs keeps every shared string of a workbook in memory,
// and the zip limits bound what a file unpacks to, not what a parser makes of it. The zip guard stays here, on the
// byte stream, so a limit refuses bytes before the worker sees them; the worker asks for bytes as it needs them and
// hands rows back in batches, one credit per batch, so neither side runs ahead of the other. A read of 2,000,000 rows
// legitimately takes minutes: the deadline is on silence (no message while the worker has what it needs), not on the
// whole read. Out of memory or silent too long ends the worker, never the server, and the file is refused.
import { pipeline, type Readable, type Transform } from "node:stream";
import { stalled, tooBig } from "./refusal";
import { slots, startWorker } from "./worker-thread";
import type { FromWorker, ToWorker, XlsxRow, XlsxTask } from "./xlsx-task";
import { ZIP_LIMITS, zipGuard } from "./zip-guard";

export type { XlsxRow } from "./xlsx-task";

export const XLSX_LIMITS = {
  /**
   * V8's old-generation cap for one read. The shared strings of a 2,000,000-row audience (up to the 128 MB the zip
   * limits allow) become a few hundred MB of strings; a crafted file past this is refused.
   */
  heapMb: 512,
  /** No message from a worker that has bytes and credit for this long ends it. */
  idleMs: 60_000,
  /** Reads at once in one process (campaign ingest, suppression imports): each may hold up to its heap cap. */
  concurrent: 2,
  /** Batches handed on ahead of the reader: one being used, one ready. */
  credits: 2,
  batchRows: 1000,
};
export type XlsxLimits = typeof XLSX_LIMITS;

/** A file the worker could not read (a broken workbook inside an honest zip); the message is exceljs'. */
export class XlsxUnreadable extends Error {}

const WHAT = "Excel file";
const slot = slots();

type Event = { type: "rows"; rows: XlsxRow[] } | { type: "done" } | { type: "failed"; error: Error };

/**
 * The first worksheet's rows, in batches, read in a worker under the limits. `through` are transforms the bytes pass
 * before the zip guard (a byte counter). Throws FileRefused (413/422) when a limit ends the read, XlsxUnreadable when
 * the workbook is broken, and the source's own error when reading it fails.
 */
export async function* xlsxRowsInWorker(
  source: Readable,
  { through = [], limits = XLSX_LIMITS }: { through?: Transform[]; limits?: XlsxLimits } = {},
): AsyncGenerator<XlsxRow[]> {
  const guard = zipGuard(ZIP_LIMITS.xlsx);
  // Any stage's error (the store's, a refusal) ends the guard's iterator with it.
  pipeline([source, ...through, guard], () => undefined);
  const bytes = guard[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const release = await slot(limits.concurrent);
  const task: XlsxTask = { credits: limits.credits, batchRows: limits.batchRows };
  const worker = startWorker("xlsx-worker", task, {
    maxOldGenerationSizeMb: limits.heapMb,
    maxYoungGenerationSizeMb: 16,
  });
  const post = (message: ToWorker, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);

  const events: Event[] = [];
  let notify: (() => void) | undefined;
  let settled = false;
  const emit = (event: Event) => {
    if (settled) return;
    if (event.type !== "rows") settled = true;
    events.push(event);
    notify?.();
  };

  // The silence clock runs only while the worker is not waiting on this side (for bytes, or for a credit).
  let wantsBytes = false;
  let unused = 0;
  let heard = Date.now();
  const waitingOnUs = () => wantsBytes || unused >= limits.credits;
  const clock = setInterval(
    () => {
      if (waitingOnUs()) heard = Date.now();
      else if (Date.now() - heard > limits.idleMs) emit({ type: "failed", error: stalled(WHAT, limits.idleMs) });
    },
    Math.min(1000, Math.max(10, limits.idleMs / 4)),
  );
  clock.unref();

  const feed = async () => {
    try {
      const next = await bytes.next();
      wantsBytes = false;
      heard = Date.now();
      if (settled) return;
      if (next.done) return post({ type: "end" });
      // A copy of its own, moved rather than cloned: a stream's chunk may share its memory with others.
      const chunk = new Uint8Array(next.value);
      post({ type: "bytes", chunk }, [chunk.buffer]);
    } catch (error) {
      emit({ type: "failed", error: error instanceof Error ? error : new Error(String(error)) });
    }
  };

  worker.on("message", (message: FromWorker) => {
    heard = Date.now();
    if (message.type === "more") {
      wantsBytes = true;
      void feed();
    } else if (message.type === "rows") {
      unused++;
      emit(message);
    } else if (message.type === "done") emit(message);
    else emit({ type: "failed", error: new XlsxUnreadable(message.message) });
  });
  worker.on("error", (error: NodeJS.ErrnoException) =>
    emit({
      type: "failed",
      error: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooBig(WHAT) : new XlsxUnreadable(error.message),
    }),
  );
  // Ended without saying so: nothing more will come.
  worker.on("exit", () => emit({ type: "failed", error: new XlsxUnreadable("the reader stopped") }));

  try {
    for (;;) {
      if (!events.length) await new Promise<void>((resolve) => (notify = resolve));
      notify = undefined;
      const event = events.shift();
      if (!event) continue;
      if (event.type === "done") return;
      if (event.type === "failed") throw event.error;
      yield event.rows;
      unused--;
      heard = Date.now();
      post({ type: "credit" });
    }
  } finally {
    settled = true;
    clearInterval(clock);
    source.destroy();
    await worker.terminate();
    release();
  }
}
