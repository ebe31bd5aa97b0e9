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
}

export interface ClaimLoop {
  /** One round now (tests, and the first round at start); resolves with how many rows it processed. */
  tick(): Promise<number>;
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
}

export function startClaimLoop<T>(db: Db, job: ClaimJob<T>, { intervalMs, batch, log }: ClaimLoopOptions): ClaimLoop {
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

  // Rounds never overlap: a tick during a round waits for it instead of claiming again. A stopped loop claims nothing
  // (a claim it could not work on would only lease rows away from the loop that replaces it).
  const tick = (): Promise<number> => {
    if (running) return running;
    if (stopped) return Promise.resolve(0);
    running = round()
      .catch((err: unknown) => {
        log.error({ err, job: job.name }, "job round failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
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
