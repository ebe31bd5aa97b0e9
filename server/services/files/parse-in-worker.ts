// Documents are parsed in a worker thread with a heap cap and a deadline: the zip guard and the page limit refuse what
// can be counted up front, and this is the backstop for what cannot (a parser's own appetite for a crafted file).
// Running out of either ends the worker, never the server, and the upload is refused with the reason.
import { Worker, type ResourceLimits } from "node:worker_threads";
import { HttpError } from "../../http/errors";
import type { ParseAnswer, ParseTask } from "./parse-task";

export const PARSE_LIMITS = {
  /** V8's old-generation cap for one parse; the worker's other spaces add a few tens of MB. */
  heapMb: 256,
  timeoutMs: 60_000,
  /** Parses at once in one process: each may hold up to its heap cap. */
  concurrent: 2,
};
export type ParseLimits = typeof PARSE_LIMITS;

// The server runs as a bundle (.build/server/main.mjs, parse-worker.mjs beside it) or from its sources (tsx, vitest),
// where the worker is the TypeScript file, loaded through tsx's API (a worker does not inherit the loader vitest or
// `--import tsx` gave this thread).
const fromSources = import.meta.url.endsWith(".ts");
const sourceWorker = new URL("./parse-worker.ts", import.meta.url).href;
const workerOf = (workerData: ParseTask, resourceLimits: ResourceLimits): Worker =>
  fromSources
    ? new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(sourceWorker)}, ${JSON.stringify(sourceWorker)}));`, { eval: true, workerData, resourceLimits })
    : new Worker(new URL("./parse-worker.mjs", import.meta.url), { workerData, resourceLimits });

let running = 0;
const waiting: (() => void)[] = [];
async function slot(max: number): Promise<() => void> {
  while (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const tooBig = (what: string) => new HttpError(413, `file: The ${what} needs more memory to read than the server allows; it was not read`, [{ field: "file", message: "needs too much memory to read" }]);
const tooSlow = (what: string, ms: number) => new HttpError(422, `file: The ${what} took longer than ${ms / 1000} s to read; it was not read`, [{ field: "file", message: "took too long to read" }]);

/** Runs one parse in its own worker under the limits; answers the worker's answer, or throws 413/422 when a limit ends it. */
export async function parseInWorker(task: ParseTask, what: string, limits: ParseLimits = PARSE_LIMITS): Promise<ParseAnswer> {
  const release = await slot(limits.concurrent);
  const worker = workerOf(task, { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<ParseAnswer>((resolve, reject) => {
      timer = setTimeout(() => reject(tooSlow(what, limits.timeoutMs)), limits.timeoutMs);
      worker.once("message", (answer: ParseAnswer) => resolve(answer));
      worker.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooBig(what) : error));
      // Ended without an answer and without an error: nothing was read.
      worker.once("exit", () => resolve({ ok: false, reason: "unreadable" }));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    release();
  }
}
