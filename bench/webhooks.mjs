#!/usr/bin/env node
// `npm run bench -- webhooks [--deliveries N] [--concurrency C]`: N webhook deliveries (default 20,000) written to the
// queue and sent by the real delivery job into a local receiver (another process), on PGlite (a data directory on disk)
// and on PostgreSQL too when DATABASE_URL is set. The work is in bench/webhooks-run.ts.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_DELIVERIES: option(args, "deliveries", "20000"),
  WEBHOOK_CONCURRENCY: option(args, "concurrency", process.env.WEBHOOK_CONCURRENCY ?? "32"),
};
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/webhooks-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
process.exit(code);
