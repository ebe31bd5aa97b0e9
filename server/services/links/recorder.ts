// Clicks are written in batches: a redirect answers after one primary-key read, and a burst of a thousand clicks a
// second becomes a few multi-row inserts instead of a thousand statements (PGlite has one thread for both). A process
// killed between flushes loses at most FLUSH_MS of clicks: counts, never money or messages.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { linkClicks } from "../../db/schema";

const FLUSH_MS = 100;
const BATCH_MAX = 500;

export type Click = typeof linkClicks.$inferInsert;

export interface ClickRecorder {
  record(click: Click): void;
  /** Writes what is buffered (the server's close awaits it). */
  flush(): Promise<void>;
}

export function clickRecorder(db: Db, log: FastifyBaseLogger): ClickRecorder {
  let pending: Click[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return writing;
    const batch = pending;
    pending = [];
    writing = writing
      .then(() => db.insert(linkClicks).values(batch))
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, clicks: batch.length }, "link clicks not stored"),
      );
    return writing;
  };

  return {
    record(click) {
      pending.push(click);
      if (pending.length >= BATCH_MAX) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    flush,
  };
}
