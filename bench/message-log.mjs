#!/usr/bin/env node
// `npm run bench -- message-log [--recipients N] [--runs N]`: the message log's searches on 1,000,000 campaign
// recipients (default) plus public-API and inbox messages, timed through the real app (HTTP handler, tenancy, SQL)
// on PGlite (a data directory on disk), and on PostgreSQL too when DATABASE_URL is set (or run it under
// `node scripts/with-postgres.mjs npm run bench -- message-log --recipients 10000000 --postgres-only`). Prints p50/p95 of a number
// search, date-range pages and a primary-key read measured in the same run (the baseline), against the 100 ms goal,
// and the indexes the searches use. The work is in bench/message-log-run.ts.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RECIPIENTS: option(args, "recipients", "1000000"),
  BENCH_RUNS: option(args, "runs", "40"),
};
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/message-log-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
console.log(`load average before: ${load()} (2 cores, shared)`);
// --postgres-only: skip PGlite (10,000,000 rows are for PostgreSQL).
let code = process.env.DATABASE_URL && args.includes("--postgres-only") ? 0 : run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
console.log(`load average after: ${load()}`);
process.exit(code);
