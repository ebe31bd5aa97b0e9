#!/usr/bin/env node
// `npm run bench -- realtime [--rate N] [--seconds S] [--sockets K] [--via auto|carrier|route|emit]
// [--as agents|manager]`: inbound-to-socket latency (p50, p95, p99, max) and messages lost, at N inbound messages per
// second (200) for S seconds (60) into the demo manager's account with K connected sockets (50) of as many live
// agents created for the run (the manager's own sockets when live agents are not built, or with --as manager). On
// PGlite (a data directory on disk), and on PostgreSQL too when DATABASE_URL is set (e.g. `node
// scripts/with-postgres.mjs npm run bench -- realtime`), where events go through socket.io's PostgreSQL adapter.
// BENCH_RATE, BENCH_SECONDS, BENCH_SOCKETS, BENCH_VIA, BENCH_AS do the same. The work is in bench/realtime-run.ts;
// target p95 < 50 ms on 2 cores.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RATE: option(args, "rate", process.env.BENCH_RATE ?? "200"),
  BENCH_SECONDS: option(args, "seconds", process.env.BENCH_SECONDS ?? "60"),
  BENCH_SOCKETS: option(args, "sockets", process.env.BENCH_SOCKETS ?? "50"),
  BENCH_VIA: option(args, "via", process.env.BENCH_VIA ?? "auto"),
  BENCH_AS: option(args, "as", process.env.BENCH_AS ?? "agents"),
};
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/realtime-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code = run({}) || code;
process.exit(code);
