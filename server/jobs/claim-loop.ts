// One small claim loop for durable work kept in rows: each tick claims due rows in a transaction with
// SELECT … FOR UPDATE SKIP LOCKED and leases them (moves their due time forward), so several server processes on one
// PostgreSQL never take the same row, and a process that dies mid-way only delays the row until the lease ends.
// The work itself runs after the claim commits: a slow carrier never holds row locks.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";

export interface ClaimJob<T> {
  readonly name: string;
  /** Claims and leases up to `limit` due rows; runs inside the claim transaction. */
  claim(tx: Db, now: Date, limit: number): Promise<T[]>;
  /** Does the work of one claimed row; a failure is logged and the row comes back when its lease ends. */
  process(item: T): Promise<void>;
}

export interface ClaimLoopOptions {
  intervalMs: number;
  batch: number;
  log: FastifyBaseLogger;
  /** After a round that found work, start the next at once instead of after intervalMs (a queue that feeds itself). */
  drain?: boolean;
}

export interface ClaimLoop {
  /** One round now (tests, and the first round at start); resolves with how many rows it processed. */
  tick(): Promise<number>;
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
}

export function startClaimLoop<T>(db: Db, job: ClaimJob<T>, { intervalMs, batch, log, drain = false }: ClaimLoopOptions): ClaimLoop {
  let running: Promise<number> | undefined;
  let stopped = false;

  async function round(): Promise<number> {
    const items = await db.transaction((tx) => job.claim(tx as unknown as Db, new Date(), batch));
    for (const item of items) {
      if (stopped) break;
      await job.process(item).catch((err: unknown) => log.error({ err, job: job.name }, "job item failed"));
    }
    return items.length;
  }

  // Rounds never overlap: a tick during a round waits for it instead of claiming again (a draining loop remembers it
  // and runs one more round after, so work written meanwhile is not left for the timer).
  let again = false;
  const tick = (): Promise<number> => {
    if (running) {
      again = drain;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        log.error({ err, job: job.name }, "job round failed");
        return 0;
      })
      .then((n) => {
        running = undefined;
        if (drain && (n > 0 || again) && !stopped) {
          again = false;
          setImmediate(() => void tick());
        }
        return n;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();
  void tick();

  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
