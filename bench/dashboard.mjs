#!/usr/bin/env node
// `npm run bench -- dashboard [--recipients N] [--runs N]`: the dashboard, Team Reports, status-count and quota calls
// on 1,000,000 campaign recipients (default), timed through the real app (HTTP handler, tenancy, SQL) per role, on
// PGlite (a data directory on disk), and on PostgreSQL too when DATABASE_URL is set (or run it under
// `node scripts/with-postgres.mjs npm run bench -- dashboard`). Prints p50/p95 per query against the 300 ms target,
// the indexes the main queries use, and the same figure computed from the raw rows for comparison.
// The work is in bench/dashboard-run.ts.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RECIPIENTS: option(args, "recipients", "1000000"),
  BENCH_RUNS: option(args, "runs", "20"),
};
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/dashboard-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} (2 cores, shared)`,
);
let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`,
);
process.exit(code);
