// Documents are parsed in a worker thread with a heap cap and a deadline: the zip guard and the page limit refuse what
// can be counted up front, and this is the backstop for what cannot (a parser's own appetite for a crafted file).
// Running out of either ends the worker, never the server, and the upload is refused with the reason.
import { tooBig, tooSlow } from "./refusal";
import { slots, startWorker } from "./worker-thread";
import type { ParseAnswer, ParseTask } from "./parse-task";

export const PARSE_LIMITS = {
  /** V8's old-generation cap for one parse; the worker's other spaces add a few tens of MB. */
  heapMb: 256,
  timeoutMs: 60_000,
  /** Parses at once in one process: each may hold up to its heap cap. */
  concurrent: 2,
};
export type ParseLimits = typeof PARSE_LIMITS;

const slot = slots();

/**
 * Runs one parse in its own worker under the limits; answers the worker's answer, or throws 413/422 when a limit ends
 * it.
 */
export async function parseInWorker(
  task: ParseTask,
  what: string,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ParseAnswer> {
  const release = await slot(limits.concurrent);
  const worker = startWorker("parse-worker", task, {
    maxOldGenerationSizeMb: limits.heapMb,
    maxYoungGenerationSizeMb: 16,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<ParseAnswer>((resolve, reject) => {
      timer = setTimeout(() => reject(tooSlow(what, limits.timeoutMs)), limits.timeoutMs);
      worker.once("message", (answer: ParseAnswer) => resolve(answer));
      worker.once("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooBig(what) : error),
      );
      // Ended without an answer and without an error: nothing was read.
      worker.once("exit", () => resolve({ ok: false, reason: "unreadable" }));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    release();
  }
}
