#!/usr/bin/env node
// `npm run bench -- workflows [--triggers N]`: N inbound-message triggers (10,000) of a published three-step workflow
// (condition → set field → tag) through the real engine (events job, step loop) on PGlite on disk, and on PostgreSQL
// too when DATABASE_URL is set. Prints runs started per second, steps per second and step latency (p50/p95/p99) with
// the load average. The work is in bench/workflows-run.ts.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = { ...process.env, BENCH_TRIGGERS: option(args, "triggers", "10000") };
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/workflows-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
process.exit(code);
