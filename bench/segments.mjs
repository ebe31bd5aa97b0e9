#!/usr/bin/env node
// `npm run bench -- segments [--contacts N] [--pglite-contacts N] [--runs N]`: a mixed segment's count (an attribute,
// a label and engagement in the last 30 days) over 1,000,000 contacts and ten campaign recipients per contact, timed
// through the app (the count call: handler, checks, compiled SQL) beside a baseline measured in the same run (count(*)
// of the owner's contacts). PGlite always (at --pglite-contacts, default 1,000,000: lower it when its seeding is too
// slow, and say so); PostgreSQL too when DATABASE_URL is set (`node scripts/with-postgres.mjs npm run bench --
// segments`). Goals: < 2 s on PostgreSQL, < 5 s on PGlite. The work is in bench/segments-run.ts.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const contacts = option(args, "contacts", "1000000");
const env = { ...process.env, BENCH_RUNS: option(args, "runs", "5") };
const run = (extra) =>
  spawnSync(process.execPath, ["--import", "tsx", "bench/segments-run.ts"], {
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
console.log(`load average before: ${load()} (2 cores, shared)`);
let code = args.includes("--postgres-only")
  ? 0
  : run({ DATABASE_URL: "", BENCH_CONTACTS: option(args, "pglite-contacts", contacts), BENCH_GOAL_MS: "5000" });
if (process.env.DATABASE_URL && !args.includes("--pglite-only"))
  code ||= run({ BENCH_CONTACTS: contacts, BENCH_GOAL_MS: "2000" });
console.log(`load average after: ${load()}`);
process.exit(code);
