// Real server processes for the cluster tests and the scale bench: the bundle `npm start` and the container image run
// (scripts/build-server.mjs), each process on a port of its own that a restart keeps, so the balancer finds it again.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { freePort, waitFor } from "../crash-child";

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<number | string | null>;
  /** The last few KB of its stderr (for a failure's message). */
  stderr(): string;
}

/**
 * Builds the server bundle into a folder of its own under .build (inside the repository: it resolves node_modules from
 * there).
 */
export async function buildBundle(name: string): Promise<{ main: string; remove(): void }> {
  const outDir = `.build/${name}-${process.pid}`;
  const { buildServer } = await import("../../../scripts/build-server.mjs");
  const main = await buildServer(outDir);
  return { main, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

const ready = async (port: number) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
};

/** Starts `node <main>` with `env` on `port` (a free one when not given); resolves once its /readyz answers 200. */
export async function startServer(main: string, env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listen = port ?? (await freePort());
  const child = spawn(process.execPath, ["--enable-source-maps", main], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(listen),
      HOST: "127.0.0.1",
      WEB_ROOT: ".no-web-root",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  await waitFor(
    async () => child.exitCode === null && (await ready(listen)),
    120_000,
    `server on ${listen} ready`,
  ).catch((err: unknown) => {
    child.kill("SIGKILL");
    throw new Error(`${err instanceof Error ? err.message : String(err)}: ${stderr.slice(-1500)}`);
  });
  return { port: listen, child, exited, stderr: () => stderr };
}

export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number | string | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}
