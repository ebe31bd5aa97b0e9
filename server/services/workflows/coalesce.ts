// Write coalescing for the step loop: a claimed batch's steps run side by side, and the writes they ask for in the same
// turn of the event loop go to the database as one statement (on PGlite, one connection in one thread, the number of
// statements is what a batch costs). A statement may not touch one row twice, so an item whose key is already in the
// flush being gathered waits until that flush is written and goes in a later one; and when a flush of several fails,
// each item is written on its own, so one bad item fails alone, as it would without coalescing.

interface Pending<I, O> {
  item: I;
  resolve(out: O): void;
  reject(err: unknown): void;
}

/**
 * Answers a function that queues an item and resolves with its result once `flush` has written it with the others
 * queued in the same turn. `flush` answers one result per item, in their order.
 */
export function coalescer<I, O>(
  flush: (items: I[]) => Promise<O[]>,
  keyOf: (item: I) => string,
): (item: I) => Promise<O> {
  let gathering: Pending<I, O>[] = [];
  let keys = new Set<string>();
  let later: Pending<I, O>[] = [];
  let scheduled = false;

  const add = (p: Pending<I, O>) => {
    const key = keyOf(p.item);
    if (keys.has(key)) {
      later.push(p);
      return;
    }
    keys.add(key);
    gathering.push(p);
    if (!scheduled) {
      scheduled = true;
      setImmediate(run);
    }
  };

  async function write(batch: Pending<I, O>[]): Promise<void> {
    try {
      const out = await flush(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(out[i] as O));
    } catch (err) {
      if (batch.length === 1) return (batch[0] as Pending<I, O>).reject(err);
      await Promise.all(batch.map((p) => write([p])));
    }
  }

  function run(): void {
    const batch = gathering;
    const waiting = later;
    gathering = [];
    keys = new Set();
    later = [];
    scheduled = false;
    // What waited for a key of this flush goes after it is written, so one row's writes keep their order.
    void write(batch).then(() => waiting.forEach(add));
  }

  return (item) => new Promise<O>((resolve, reject) => add({ item, resolve, reject }));
}
