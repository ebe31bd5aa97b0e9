#!/usr/bin/env node
// `npm run bench -- api [pglite|postgres]`: throughput of the authenticated API against a bare Fastify route. Starts
// the real server (PGlite in a temporary data directory, then a throw-away PostgreSQL cluster through
// scripts/with-postgres.mjs) and a bare Fastify process, and drives them in turn with autocannon on loopback,
// alternating the targets over several rounds so machine noise hits them alike. Prints requests/s, p50/p99 latency and
// the ratio to bare Fastify (the median of each round's ratio), plus logins/s at 4 connections. On PostgreSQL it also
// drives the bare route with one read by primary key behind it: the floor of a database-backed route. Bounded:
// BENCH_SECONDS (default 2) per run, at most MAX_REQUESTS per run, BENCH_ROUNDS (default 7) rounds.
// BENCH_ROOT=<checkout> measures another checkout's server (e.g. the commit before a change).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { serverEnv } from "../scripts/server-env.mjs";
import { createPgliteCluster, freePort, postgresAvailable } from "./lib/server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = 10;
const LOGIN_CONNECTIONS = 4;
const MAX_REQUESTS = 300_000;
const PASSWORD = "bench-password-1";
const ROOT = path.resolve(process.env.BENCH_ROOT ?? ".");
const only = process.argv[2];

async function waitHealthy(url, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function startProcess(argv, env) {
  return spawn(argv[0], argv.slice(1), {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...serverEnv(), ...env },
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function fire(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: SECONDS, maxOverallRequests: MAX_REQUESTS, ...options },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(options) {
  const r = await fire(options);
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function login(base, username) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

/**
 * Each run's ratio is taken against the bare run of the same round, and the median of those is printed: this
 * machine's speed drifts by half within minutes, and a ratio of medians taken minutes apart moved with it.
 */
function report(title, rows, bareRuns) {
  console.log(`\n${title}`);
  console.log(
    `${"target".padEnd(34)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"ratio".padStart(7)} ${"range".padStart(13)} ${"non-2xx".padStart(8)}`,
  );
  for (const [name, runs] of rows) {
    const rps = median(runs.map((r) => r.rps));
    const ratios = runs.map((r, round) => r.rps / bareRuns[round].rps);
    const ratio = name.startsWith("login") ? "" : median(ratios).toFixed(3);
    const range = name.startsWith("login") ? "" : `${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`;
    console.log(
      `${name.padEnd(34)} ${rps.toFixed(0).padStart(9)} ${String(median(runs.map((r) => r.p50))).padStart(7)} ${String(median(runs.map((r) => r.p99))).padStart(7)} ${ratio.padStart(7)} ${range.padStart(13)} ${String(runs.reduce((s, r) => s + r.bad, 0)).padStart(8)}`,
    );
  }
}

/**
 * The bare route with one PostgreSQL read behind it (bare-fastify.mjs /bare-query), on a throw-away cluster of its own.
 */
async function startBareQuery() {
  const port = await freePort();
  const child = startProcess(
    [
      process.execPath,
      path.resolve("scripts/with-postgres.mjs"),
      process.execPath,
      path.resolve("bench/lib/bare-fastify.mjs"),
      String(port),
      "--query",
    ],
    {},
  );
  const url = `http://127.0.0.1:${port}/bare-query`;
  try {
    await waitHealthy(url, child);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { url, stop: () => stop(child) };
}

async function benchDatabase(kind, bareUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  if (kind === "pglite") await createPgliteCluster(dataDir, ROOT);
  const server = [process.execPath, "--import", "tsx", "server/main.ts"];
  const argv = kind === "postgres" ? [process.execPath, path.resolve("scripts/with-postgres.mjs"), ...server] : server;
  const child = startProcess(argv, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    WEB_ROOT: path.join(dataDir, "no-web"),
    // The login scenario logs in thousands of times from one address.
    RATE_LIMIT_LOGIN_PER_IP: "100000000",
  });
  const base = `http://127.0.0.1:${port}`;
  let bareQuery;
  try {
    if (kind === "postgres") bareQuery = await startBareQuery();
    await waitHealthy(`${base}/healthz`, child);
    const userToken = await login(base, "user");
    const adminToken = await login(base, "admin");
    const targets = [
      ["bare Fastify JSON route", { url: `${bareUrl}/bare` }],
      ...(bareQuery ? [["bare Fastify + one PostgreSQL read", { url: bareQuery.url }]] : []),
      ["/healthz", { url: `${base}/healthz` }],
      [
        "GET /api/v1/balance/getBalance",
        { url: `${base}/api/v1/balance/getBalance`, headers: { authorization: `Bearer ${userToken}` } },
      ],
      ["GET /api/admin/users", { url: `${base}/api/admin/users`, headers: { authorization: `Bearer ${adminToken}` } }],
      [
        `login (${LOGIN_CONNECTIONS} connections)`,
        {
          url: `${base}/api/v1/auth/login`,
          method: "POST",
          connections: LOGIN_CONNECTIONS,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "reseller", password: PASSWORD }),
        },
      ],
    ];
    const runs = new Map(targets.map(([name]) => [name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, options] of targets) {
        runs.get(name).push(await measure(options));
        process.stderr.write(".");
      }
    }
    report(
      `${kind === "postgres" ? "PostgreSQL" : "PGlite"}: ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, medians`,
      [...runs],
      runs.get(targets[0][0]),
    );
  } finally {
    await stop(child);
    await bareQuery?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const barePort = await freePort();
const bare = startProcess([process.execPath, path.resolve("bench/lib/bare-fastify.mjs"), String(barePort)], {});
try {
  await waitHealthy(`http://127.0.0.1:${barePort}/bare`, bare);
  if (only !== "postgres") await benchDatabase("pglite", `http://127.0.0.1:${barePort}`);
  if (only !== "pglite") {
    if (postgresAvailable()) await benchDatabase("postgres", `http://127.0.0.1:${barePort}`);
    else console.log("\nPostgreSQL: skipped, its server binaries are missing (apt-get install -y postgresql).");
  }
  console.log(
    "\ntargets (issue 7): getBalance >= 0.10 of bare Fastify on PGlite, >= 0.20 on PostgreSQL; users list at least half of that.",
  );
} finally {
  await stop(bare);
}
