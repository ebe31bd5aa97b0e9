// A real server process for the benches: started with the given environment, ready once /healthz answers.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls /healthz; resolves with the milliseconds it took from `since`. */
export async function waitHealthy(url, since, timeoutMs = 120_000) {
  while (performance.now() - since < timeoutMs) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`);
}

/**
 * Starts `command args` with PORT/HOST set and waits until healthy. `stop()` sends SIGTERM and waits for the exit,
 * so no bench leaves a server behind.
 */
export async function startServer({ command = process.execPath, args, env = {}, port, cwd, timeoutMs = 120_000 }) {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...env },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    // `npm` exits before the server it started has closed: wait until the port is free for the next start.
    for (const until = performance.now() + 15_000; performance.now() < until; await sleep(50)) {
      const up = await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
      if (!up) return;
    }
    throw new Error(`${url} still answering after its process was stopped`);
  };
  try {
    const readyMs = await Promise.race([
      waitHealthy(url, started, timeoutMs),
      exited.then((code) => Promise.reject(new Error(`server exited (${code}) before it was healthy`))),
    ]);
    return { url, child, readyMs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `--name value` from the bench's arguments, else the fallback. */
export function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

/** A port nobody listens on now (the kernel's pick), for a server the bench starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Creates and migrates a PGlite cluster in `dataDir` in a child of its own, before the server starts: initdb alone
 * can exceed the server's 10 s plugin timeout on a busy machine (the server would exit before the bench starts).
 */
export async function createPgliteCluster(dataDir, cwd = ".") {
  const script =
    'const { openPglite } = await import("./server/db/pglite.ts"); await (await openPglite(process.argv[1])).close();';
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dataDir], {
    cwd,
    stdio: "inherit",
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`creating the PGlite cluster in ${dataDir} failed (exit ${code})`);
}

/** Whether scripts/with-postgres.mjs can start a throw-away PostgreSQL here (PG_BIN or Debian's server binaries). */
export function postgresAvailable() {
  if (process.env.PG_BIN) return true;
  const base = "/usr/lib/postgresql";
  return existsSync(base) && readdirSync(base).some((v) => existsSync(path.join(base, v, "bin", "initdb")));
}
