#!/usr/bin/env node
// `npm run bench -- start [--runs N] [--fresh N] [--port P] [--compare DIR]`: time from `npm start` to a healthy /healthz, beside a
// bare Fastify server's start (bench/lib/bare-fastify.mjs, the same node) in interleaved runs: on an existing PGlite
// data directory (the everyday restart; goal ≤ 1.5x the bare server) and on a fresh one, created, migrated and
// seeded (goal ≤ 3x), the console already built. With the phases: the server's first log line, listening, healthy.
// `--compare DIR`: also another checkout's `npm start` on its own existing data directory (this checkout's console,
// WEB_ROOT), interleaved run by run: before/after in one run.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import os from "node:os";
import { median, option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const runs = Number(option(args, "runs", "5"));
const freshRuns = Number(option(args, "fresh", "3"));
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8393"));
const compare = option(args, "compare", "");
const DATA = resolve(".tmp/bench-start-data");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Polls `path` until it answers 2xx; the milliseconds since `since`. */
async function waitUp(url, since, timeoutMs = 300_000) {
  while (performance.now() - since < timeoutMs) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return performance.now() - since;
    await sleep(10);
  }
  throw new Error(`${url} not up after ${timeoutMs} ms`);
}

/**
 * Starts `command args` (stdout read line by line: the first line's time, and "Server listening"'s, are phases),
 * waits until `path` answers, stops it and waits until the port is free. Returns the phases in ms.
 */
async function timeStart(command, commandArgs, path, env = {}, cwd = undefined) {
  const started = performance.now();
  const child = spawn(command, commandArgs, {
    cwd,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: String(port), ...env },
  });
  const phases = {};
  let buffered = "";
  child.stdout.on("data", (chunk) => {
    const now = performance.now() - started;
    phases.firstLine ??= now;
    buffered += chunk;
    if (phases.listening === undefined && buffered.includes("Server listening")) phases.listening = now;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    phases.healthy = await Promise.race([
      waitUp(`${url}${path}`, started),
      exited.then((code) => Promise.reject(new Error(`${command} exited (${code}) before it was up`))),
    ]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    // `npm` exits before the server it started has closed: wait until the port is free for the next start.
    while (
      await fetch(`${url}${path}`).then(
        () => true,
        () => false,
      )
    )
      await sleep(50);
  }
  return phases;
}

const product = (env, cwd) => timeStart("npm", ["start", "--silent"], "/healthz", { DATABASE_URL: "", ...env }, cwd);
const other = () => product({ DATA_DIR: `${DATA}-compare`, WEB_ROOT: resolve("dist") }, compare);
const bare = () => timeStart(process.execPath, ["bench/lib/bare-fastify.mjs", String(port)], "/bare");

console.log(`load average before: ${load()}`);
// The first start builds whatever is stale and creates the data directory: not measured.
rmSync(DATA, { recursive: true, force: true });
await product({ DATA_DIR: DATA });
if (compare) {
  rmSync(`${DATA}-compare`, { recursive: true, force: true });
  await other();
}

const samples = { bare: [], existing: [], compare: [], fresh: [] };
for (let i = 0; i < Math.max(runs, freshRuns); i++) {
  if (i < runs) {
    samples.bare.push(await bare());
    samples.existing.push(await product({ DATA_DIR: DATA }));
    if (compare) samples.compare.push(await other());
  }
  if (i < freshRuns) {
    const dir = `${DATA}-fresh`;
    rmSync(dir, { recursive: true, force: true });
    samples.fresh.push(await product({ DATA_DIR: dir }));
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(".");
}
for (const dir of [DATA, `${DATA}-compare`]) rmSync(dir, { recursive: true, force: true });

const ms = (v) => (v === undefined ? "—" : `${Math.round(v)} ms`);
const phase = (rows, name) => {
  const values = rows.map((r) => r[name]).filter((v) => v !== undefined);
  return values.length ? median(values) : undefined;
};
const bareMs = phase(samples.bare, "healthy");
console.log(`\n\nload average after: ${load()}; medians (all runs' time to healthy in brackets)`);
console.log("| start | first log line | listening | healthy | × bare | goal |");
console.log("|---|---|---|---|---|---|");
for (const [name, label, goal] of [
  ["bare", `bare Fastify, ${runs} runs`, ""],
  ["existing", `\`npm start\`, existing data directory, ${runs} runs`, "≤ 1.5x"],
  ["compare", `${compare}'s \`npm start\`, existing data directory, ${runs} runs`, "≤ 1.5x"],
  ["fresh", `\`npm start\`, fresh data directory, ${freshRuns} runs`, "≤ 3x"],
]) {
  const rows = samples[name];
  if (!rows.length) continue;
  const healthy = phase(rows, "healthy");
  const ratio = name === "bare" ? "1" : `${(healthy / bareMs).toFixed(2)}x`;
  const all = rows.map((r) => Math.round(r.healthy)).join(", ");
  console.log(
    `| ${label} | ${ms(phase(rows, "firstLine"))} | ${ms(phase(rows, "listening"))} | ${ms(healthy)} (${all}) | ${ratio} | ${goal} |`,
  );
}
