// One small claim loop for durable work kept in rows: each tick claims due rows in a transaction with
// SELECT … FOR UPDATE SKIP LOCKED and leases them (moves their due time forward), so several server processes on one
// PostgreSQL never take the same row, and a process that dies mid-way only delays the row until the lease ends.
// The work itself runs after the claim commits: a slow carrier never holds row locks.
// It lives in db/ because the database is the queue: services start and hold loops, jobs/ only define what they claim.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./client";
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
  /**
   * Hands back rows claimed but not processed when the server stops (due now again), so another process takes them at
   * once.
   */
  release?(db: Db, items: T[]): Promise<void>;
}

export interface ClaimLoopOptions {
  intervalMs: number;
  batch: number;
  log: FastifyBaseLogger;
  /** After a round that found work, start the next at once instead of after intervalMs (a queue that feeds itself). */
  drain?: boolean;
  /**
   * Rows worked on at once (default 1: one after another). Above 1 a round keeps that many in flight and claims
   * more as they finish, until a claim comes back short: for work that waits on the network (webhook deliveries),
   * where one slow row must not hold the others.
   */
  concurrency?: number;
}

export interface ClaimLoop {
  /** One round now (tests, and the first round at start); resolves with how many rows it processed. */
  tick(): Promise<number>;
  /** Stops the timer, aborts the work under way, hands back what was claimed but not done, and waits for the round. */
  stop(): Promise<void>;
}

export function startClaimLoop<T>(
  db: Db,
  job: ClaimJob<T>,
  { intervalMs, batch, log, drain = false, concurrency = 1 }: ClaimLoopOptions,
): ClaimLoop {
  let running: Promise<number> | undefined;
  let stopped = false;
  const stopping = new AbortController();

  const claim = (limit: number) => db.transaction((tx) => job.claim(tx as unknown as Db, new Date(), limit));
  const work = (item: T) =>
    job.process(item, stopping.signal).catch((err: unknown) => log.error({ err, job: job.name }, "job item failed"));

  async function sequentialRound(): Promise<number> {
    const items = await claim(batch);
    let done = 0;
    for (const item of items) {
      if (stopped) break;
      await work(item);
      done++;
    }
    const left = items.slice(done);
    if (left.length > 0 && job.release) {
      await job
        .release(db, left)
        .catch((err: unknown) => log.error({ err, job: job.name }, "claimed rows not handed back"));
      log.info({ job: job.name, released: left.length }, "claimed rows handed back");
    }
    return items.length;
  }

  /** Keeps up to `concurrency` rows in flight; claims again once half of them are done, while claims come back full. */
  async function concurrentRound(): Promise<number> {
    const inflight = new Set<Promise<void>>();
    let claimed = 0;
    let more = true;
    while (!stopped && (more || inflight.size > 0)) {
      if (more && inflight.size <= concurrency / 2) {
        const limit = Math.min(batch, concurrency - inflight.size);
        const items = await claim(limit);
        more = items.length === limit;
        claimed += items.length;
        for (const item of items) {
          const task: Promise<void> = work(item).finally(() => inflight.delete(task));
          inflight.add(task);
        }
        if (inflight.size === 0) break;
      }
      await Promise.race(inflight);
    }
    await Promise.all(inflight);
    return claimed;
  }

  const round = concurrency > 1 ? concurrentRound : sequentialRound;

  // Rounds never overlap: a tick during a round waits for it instead of claiming again (a draining loop remembers it
  // and runs one more round after, so work written meanwhile is not left for the timer). A stopped loop claims nothing
  // (a claim it could not work on would only lease rows away from the loop that replaces it). Each round's log lines
  // and carrier calls carry its own id (job:<name>:<n>).
  let again = false;
  const tick = (): Promise<number> => {
    if (running) {
      again = drain;
      return running;
    }
    if (stopped) return Promise.resolve(0);
    running = withRequestId(jobRunId(job.name), round)
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
      stopping.abort();
      await running;
    },
  };
}
