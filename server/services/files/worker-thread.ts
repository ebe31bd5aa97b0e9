// Starting a file worker, from the bundle or from sources, and the slots that bound how many run at once.
import { Worker, type ResourceLimits } from "node:worker_threads";

// The server runs as a bundle (.build/server/main.mjs, the workers' .mjs beside it) or from its sources (tsx, vitest),
// where a worker is the TypeScript file, loaded through tsx's API (a worker does not inherit the loader vitest or
// `--import tsx` gave this thread).
const fromSources = import.meta.url.endsWith(".ts");

export type WorkerEntry = "parse-worker" | "xlsx-worker";

export function startWorker(entry: WorkerEntry, workerData: unknown, resourceLimits: ResourceLimits): Worker {
  if (!fromSources) return new Worker(new URL(`./${entry}.mjs`, import.meta.url), { workerData, resourceLimits });
  const source = JSON.stringify(new URL(`./${entry}.ts`, import.meta.url).href);
  return new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${source}, ${source}));`, {
    eval: true,
    workerData,
    resourceLimits,
  });
}

/**
 * A pool of slots: at most `max` holders at once (each worker may hold up to its heap cap); the others wait in order.
 */
export function slots(): (max: number) => Promise<() => void> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (max) => {
    while (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  };
}
