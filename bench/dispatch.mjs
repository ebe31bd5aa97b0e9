#!/usr/bin/env node
// `npm run bench -- dispatch [--recipients N] [--senders S]`: 100,000 recipients through the sandbox carrier on PGlite
// (a data directory on disk), and on PostgreSQL too when DATABASE_URL is set (or run it under
// `node scripts/with-postgres.mjs npm run bench -- dispatch`). The work is in bench/dispatch-run.ts.
import { spawnSync } from "node:child_process";
import { serverEnv } from "../scripts/server-env.mjs";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...serverEnv(),
  BENCH_RECIPIENTS: option(args, "recipients", "100000"),
  BENCH_SENDERS: option(args, "senders", "100"),
};
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/dispatch-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
process.exit(code);
