#!/usr/bin/env node
// `npm run bench -- memory [--port P] [--idle-ms N]`: resident memory of the idle server on PGlite, first on a fresh
// data directory (created at start-up), then on that same, existing directory after a restart.
import { readFileSync, rmSync } from "node:fs";
import { option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8392"));
const idleMs = Number(option(args, "idle-ms", "3000"));
const DATA = ".tmp/bench-memory-data";

const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`;
const status = (pid) => {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
};

async function idleRss(label) {
  // As `npm start` runs it (scripts/start.mjs, server bundle); the figure is the server process's, not the script's.
  const server = await startServer({
    args: ["scripts/start.mjs"],
    env: { DATA_DIR: DATA, DATABASE_URL: "", WEB_ROOT: ".no-web-root" },
    port,
  });
  try {
    await fetch(`${server.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await new Promise((r) => setTimeout(r, idleMs));
    const children = readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/);
    const pid = children.find((c) => readFileSync(`/proc/${c}/cmdline`, "utf8").includes("main.mjs"));
    const { rss, hwm } = status(pid);
    console.log(
      `${label.padEnd(28)} idle RSS ${mib(rss).padStart(8)}   peak ${mib(hwm).padStart(8)}   healthy after ${Math.round(server.readyMs)} ms`,
    );
    return rss;
  } finally {
    await server.stop();
  }
}

rmSync(DATA, { recursive: true, force: true });
console.log(`\nidle server on PGlite (resident set ${idleMs} ms after start-up and one request):`);
await idleRss("fresh data directory");
await idleRss("existing data directory");
rmSync(DATA, { recursive: true, force: true });
