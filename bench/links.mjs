#!/usr/bin/env node
// `npm run bench -- links [--recipients N] [--rate R] [--seconds S]`: tracked short links' redirect under load, on
// PGlite (or DATABASE_URL's PostgreSQL), beside /healthz measured the same way in the same run (the floor). Goal: p95
// under 10 ms at 1,000 clicks a second. The work is in bench/links-run.ts.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const status = spawnSync(process.execPath, ["--import", "tsx", "bench/links-run.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    BENCH_RECIPIENTS: option(args, "recipients", "10000"),
    BENCH_RATE: option(args, "rate", "1000"),
    BENCH_SECONDS: option(args, "seconds", "10"),
  },
}).status;
process.exit(status ?? 1);
