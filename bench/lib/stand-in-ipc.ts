// A carriers-bench stand-in in a process of its own, spoken to over IPC: the parent sends { id, op, ...args } and gets
// { id, result } or { id, error }. Kept apart from carrier-bench.ts so the child loads the stand-in and nothing of
// the server.
import { fork, type ChildProcess } from "node:child_process";

export interface StandInChild {
  ask<T>(op: string, args?: Record<string, unknown>): Promise<T>;
  child: ChildProcess;
}

/**
 * Forks a stand-in script (bench/lib/*-stand-in-child.ts) that answers { id, op, ...args } with { id, result | error }.
 */
export function forkStandIn(script: string): StandInChild {
  const child = fork(script, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on("message", (m: { id: number; result?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result);
  });
  const ask = <T>(op: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op, ...args });
    });
  return { ask, child };
}

/** Serves the requests of a forked stand-in (the child's side of forkStandIn). */
export function serveStandIn<R extends { id: number; op: string }>(handle: (request: R) => Promise<unknown>): void {
  process.on("message", (request: R) => {
    handle(request).then(
      (result) => process.send?.({ id: request.id, result }),
      (error: unknown) =>
        process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
