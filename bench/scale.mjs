#!/usr/bin/env node
// `npm run bench -- scale [--recipients N] [--agents A] [--processes 1,2,3] [--kill true]`: issue 16's scale scenario
// on a throw-away PostgreSQL (scripts/with-postgres.mjs starts one unless DATABASE_URL is set): server processes behind
// the test balancer, a campaign of N recipients (default 100,000), A agents chatting (default 50), once per process
// count (throughput and p95 latencies, the scaling ratio), then once more with the most processes and one of them
// killed with SIGKILL mid-run and started again (every correctness check). The work is in bench/scale-run.ts and
// server/test/cluster/; the small version of the same run is server/test/scale.pg.test.ts in `npm test`.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RECIPIENTS: option(args, "recipients", "100000"),
  BENCH_AGENTS: option(args, "agents", "50"),
  BENCH_PROCESSES: option(args, "processes", "1,2,3"),
  BENCH_KILL: option(args, "kill", "true"),
};
const command = ["--import", "tsx", "bench/scale-run.ts"];
const argv = process.env.DATABASE_URL ? command : ["scripts/with-postgres.mjs", process.execPath, ...command];
process.exit(spawnSync(process.execPath, argv, { stdio: "inherit", env }).status ?? 1);
