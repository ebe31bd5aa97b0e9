import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A zombie (exited, not yet reaped by its parent) counts as gone.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

/** Direct children of pid, from /proc. */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

/** Every process below pid. */
const descendants = (pid: number): number[] =>
  childrenOf(pid).flatMap((c) => [c, ...(existsSync(`/proc/${c}`) ? descendants(c) : [])]);

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting: ${what}`);
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};

/**
 * How long a start may take: the vitest run starts these beside its other server files on two cores, where a start
 * (the bundle built once if stale, migrations, seed) was seen taking 30-60 s.
 */
const START_MS = 150_000;

/**
 * `command` started like a person would, on an in-memory database (unless `env` says otherwise), without the console
 * build.
 */
async function start(
  command: string[],
  env: Record<string, string> = {},
): Promise<{ top: ChildProcess; port: number; tree: number[] }> {
  const port = await freePort();
  const top = spawn(command[0], command.slice(1), {
    stdio: ["ignore", "pipe", "ignore"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      WEB_ROOT: ".no-web-root",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  await until(() => healthy(port), START_MS, "server healthy");
  const tree = descendants(top.pid ?? 0);
  started.push(top.pid ?? 0, ...tree);
  return { top, port, tree };
}

/** Whatever a failed test left running is stopped, so no server outlives the suite. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

// Each test starts a whole server (up to START_MS on a loaded machine), beyond the project's 30 s per test.
describe("npm start's processes stop together", { timeout: START_MS + 60_000 }, () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s to the start script reaches the server, and the script exits when it has",
    async (signal) => {
      const { top, port, tree } = await start([process.execPath, "scripts/start.mjs"]);
      expect(tree.length).toBeGreaterThan(0);
      const exited = new Promise((resolve) => top.once("exit", (code, sig) => resolve(code ?? sig)));
      top.kill(signal);
      await exited;
      await until(() => tree.every((pid) => !alive(pid)), 10_000, "server process gone");
      expect(await healthy(port)).toBe(false);
    },
  );

  it("kill <pid of npm start> stops the server too", async () => {
    const { top, port, tree } = await start(["npm", "start", "--silent"]);
    top.kill("SIGTERM");
    await until(() => tree.every((pid) => !alive(pid)), 10_000, `processes ${tree.join(", ")} gone`);
    expect(await healthy(port)).toBe(false);
  });

  it("the start script exits when its server dies", async () => {
    const { top, tree } = await start([process.execPath, "scripts/start.mjs"]);
    const exited = new Promise<number | null>((resolve) => top.once("exit", (code) => resolve(code)));
    process.kill(tree[0], "SIGKILL");
    expect(await exited).not.toBe(0);
  });

  it("the server stops when the start script is killed outright (SIGKILL)", async () => {
    const { top, port, tree } = await start([process.execPath, "scripts/start.mjs"]);
    top.kill("SIGKILL");
    await until(() => tree.every((pid) => !alive(pid)), 10_000, "server gone after its parent was killed");
    expect(await healthy(port)).toBe(false);
  });

  it("a new data directory on disk is created, migrated and seeded by a child process that exits; the server opens it ready", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "start-fresh-"));
    try {
      const { top, port, tree } = await start([process.execPath, "scripts/start.mjs"], {
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
      });
      let out = "";
      top.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const server = tree.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("main.mjs")) ?? 0;
      // The glibc setting start.mjs passes (README "npm start"), unless the environment has its own.
      expect(readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain("MALLOC_MMAP_THRESHOLD_=2097152");
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "manager", password: "demo1234!" }),
      });
      expect(login.status).toBe(200);
      // Logged before the server was healthy: by then the whole output so far has been read or is about to be.
      const seedLine = /"msg":"seeded \d+ demo accounts/;
      await until(() => seedLine.test(out), 5_000, "the seed's log line");
      const seeded = out
        .split("\n")
        .filter((line) => seedLine.test(line))
        .map((line) => JSON.parse(line) as { pid: number });
      expect(seeded).toHaveLength(1);
      expect(seeded[0].pid).not.toBe(server);
      expect(alive(seeded[0].pid)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
