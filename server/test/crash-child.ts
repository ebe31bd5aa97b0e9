// The real server as a child process for the crash tests: started with `node --import tsx server/main.ts`, killed
// with SIGKILL mid-campaign, started again. The sandbox's send log (SANDBOX_SEND_LOG) is what the provider saw.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  port: number;
  exited: Promise<unknown>;
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};

export async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting: ${what}`);
}

/** Starts the server on its own port with `env` on top of the test's environment; resolves when it is healthy. */
export async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_ROOT: ".no-web-root",
      LOG_LEVEL: "warn",
      JWT_SECRET: "crash-secret",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  await waitFor(() => healthy(port), 90_000, `server healthy (${stderr.slice(-500)})`).catch((err: unknown) => {
    child.kill("SIGKILL");
    throw err;
  });
  return { process: child, port, exited };
}

export interface SendLog {
  /** Ids the provider accepted for the first time, in order (a duplicate here would be a double delivery). */
  accepted: string[];
  /** Sends of an id it already had: retries answered from its idempotency memory. */
  again: number;
}

export function readSendLog(file: string): SendLog {
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  return {
    accepted: lines.filter((l) => !l.endsWith(" again")).map((l) => l.split(" ")[0]),
    again: lines.filter((l) => l.endsWith(" again")).length,
  };
}
