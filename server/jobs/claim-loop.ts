// One small claim loop for durable work kept in rows: each tick claims due rows in a transaction with
// SELECT … FOR UPDATE SKIP LOCKED and leases them (moves their due time forward), so several server processes on one
// PostgreSQL never take the same row, and a process that dies mid-way only delays the row until the lease ends.
// The work itself runs after the claim commits: a slow carrier never holds row locks.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { jobRunId, withRequestId } from "../observability/context";

export interface ClaimJob<T> {
  readonly name: string;
  /** Claims and leases up to `limit` due rows; runs inside the claim transaction. */
  claim(tx: Db, now: Date, limit: number): Promise<T[]>;
  /**
   * Does the work of one claimed row; a failure is logged and the row comes back when its lease ends. `signal` aborts
   * when the server stops: long work (an audience of a million rows) hands its row back instead of finishing.
   */
  process(item: T, signal: AbortSignal): Promise<void>;
  /** Hands back rows claimed but not processed when the server stops (due now again), so another process takes them at once. */
  release?(db: Db, items: T[]): Promise<void>;
}

export interface ClaimLoopOptions {
  intervalMs: number;
  batch: number;
  log: FastifyBaseLogger;
}

export interface ClaimLoop {
  /** One round now (tests, and the first round at start); resolves with how many rows it processed. */
  tick(): Promise<number>;
  /** Stops the timer, aborts the work under way, hands back what was claimed but not done, and waits for the round. */
  stop(): Promise<void>;
}

export function startClaimLoop<T>(db: Db, job: ClaimJob<T>, { intervalMs, batch, log }: ClaimLoopOptions): ClaimLoop {
  let running: Promise<number> | undefined;
  let stopped = false;
  const stopping = new AbortController();

  async function round(): Promise<number> {
    if (stopped) return 0;
    const items = await db.transaction((tx) => job.claim(tx as unknown as Db, new Date(), batch));
    let done = 0;
    for (const item of items) {
      if (stopped) break;
      await job.process(item, stopping.signal).catch((err: unknown) => log.error({ err, job: job.name }, "job item failed"));
      done++;
    }
    const left = items.slice(done);
    if (left.length > 0 && job.release) {
      await job.release(db, left).catch((err: unknown) => log.error({ err, job: job.name }, "claimed rows not handed back"));
      log.info({ job: job.name, released: left.length }, "claimed rows handed back");
    }
    return items.length;
  }

  // Rounds never overlap: a tick during a round waits for it instead of claiming again. Each round's log lines and
  // carrier calls carry its own id (job:<name>:<n>).
  const tick = (): Promise<number> => {
    if (running) return running;
    running = withRequestId(jobRunId(job.name), round)
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
      stopping.abort();
      await running;
    },
  };
}
