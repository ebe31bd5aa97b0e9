// One small flush loop for what is buffered in memory and written in batches (carrier receipts and replies, the
// public API's receipts, its request log): at thousands of events a second a statement per event would be the
// bottleneck. A timer flushes every flushMs, flushes never overlap, a failed flush is logged (what it keeps for the
// next one is the flush's own business), and a stop writes what is still buffered.
// It lives beside claim-loop.ts: the other way work reaches the database in batches.
import type { FastifyBaseLogger } from "fastify";
import type { ClaimLoop } from "./claim-loop";

export interface FlushLoopOptions {
  flushMs: number;
  log: FastifyBaseLogger;
  /** Logged with the error when a flush fails. */
  failed: string;
  /**
   * What a tick made while a flush runs answers: "join" that flush (what it took is what it writes); "follow" one more
   * flush after it, shared by all the ticks made meanwhile, so that a tick promises every entry added before it is
   * written (a flush under way took its batch earlier).
   */
  overlap?: "join" | "follow";
  /** Run on stop before the last flush (stop taking events in). */
  beforeLastFlush?(): void;
}

export function startFlushLoop(
  flush: () => Promise<number>,
  { flushMs, log, failed, overlap = "join", beforeLastFlush }: FlushLoopOptions,
): ClaimLoop {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  const start = (): Promise<number> => {
    running = flush()
      .catch((err: unknown) => {
        log.error({ err }, failed);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const tick = (): Promise<number> => {
    if (!running) return start();
    if (overlap === "join") return running;
    queued ??= running.then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };

  const timer = setInterval(() => void tick(), flushMs);
  timer.unref();

  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      beforeLastFlush?.();
      await running;
      await tick();
    },
  };
}
