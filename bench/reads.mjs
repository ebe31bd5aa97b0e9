#!/usr/bin/env node
// `npm run bench -- reads [pglite|postgres] [--recipients N] [--conversations N] [--runs N]`: the campaign and inbox
// read calls at 10,000, 100,000 and 1,000,000 recipients (half of them in one campaign) with 1,000, 10,000 and 100,000
// conversations, or at the one size given. Each size is seeded into a fresh database (bench/reads-run.ts) and timed
// through the real app: p50/p95 of 20 calls after warm-up, beside a primary-key read in the same run. Prints each
// call at each size, the growth 1M/10k (goal <= 2) and the goals: p95 under 100 ms on PGlite, 50 ms on PostgreSQL.
// postgres: needs DATABASE_URL (or run it under `node scripts/with-postgres.mjs npm run bench -- reads postgres`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const engine = args.includes("postgres") ? "postgres" : "pglite";
if (engine === "postgres" && !process.env.DATABASE_URL) {
  console.error("reads postgres: set DATABASE_URL or run under node scripts/with-postgres.mjs");
  process.exit(2);
}
const one = args.includes("--recipients");
const sizes = one
  ? [[Number(option(args, "recipients", "10000")), Number(option(args, "conversations", "1000"))]]
  : [
      [10_000, 1_000],
      [100_000, 10_000],
      [1_000_000, 100_000],
    ];
const goal = engine === "postgres" ? 50 : 100;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
console.log(`reads on ${engine}; load average before: ${load()} (2 cores, shared)`);

const out = mkdtempSync(join(tmpdir(), "bench-reads-out-"));
const runs = [];
for (const [recipients, conversations] of sizes) {
  const file = join(out, `${recipients}.json`);
  const status = spawnSync(process.execPath, ["--import", "tsx", "bench/reads-run.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: engine === "postgres" ? process.env.DATABASE_URL : "",
      BENCH_RECIPIENTS: String(recipients),
      BENCH_CONVERSATIONS: String(conversations),
      BENCH_RUNS: option(args, "runs", "20"),
      BENCH_OUT: file,
    },
  }).status;
  if (status !== 0) process.exit(status ?? 1);
  runs.push(JSON.parse(readFileSync(file, "utf8")));
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const head = runs.map((r) => `${r.RECIPIENTS.toLocaleString("en-IN")} / ${r.CONVERSATIONS.toLocaleString("en-IN")}`);
console.log(`\np50 / p95 ms per call, ${engine} (recipients / conversations); goal: p95 < ${goal} ms, growth <= 2`);
console.log(`| call | ${head.join(" | ")} |${runs.length > 1 ? " growth p95 | goal |" : " goal |"}`);
console.log(`|---|${runs.map(() => "---|").join("")}${runs.length > 1 ? "---|---|" : "---|"}`);
for (const label of Object.keys(runs[0].results)) {
  const cells = runs.map((r) => `${fmt(r.results[label].p50)} / ${fmt(r.results[label].p95)}`);
  const first = runs[0].results[label].p95;
  const last = runs.at(-1).results[label].p95;
  const growth = last / first;
  const ok = label.startsWith("before") ? null : last < goal && (runs.length === 1 || growth <= 2);
  console.log(
    `| ${label} | ${cells.join(" | ")} |${runs.length > 1 ? ` ${growth.toFixed(2)} |` : ""} ${ok === null ? "(old code)" : ok ? "met" : "NOT met"} |`,
  );
}
const report = runs.at(-1).results["campaign status (report)"];
console.log("\ndeep page: page 1,000 of 10 rows (at 10,000 recipients, page 251: the campaign has 5,000)");
console.log(`report payload at the largest size: ${(report.bytes / 1024).toFixed(1)} KB (goal <= 50 KB)`);
console.log(`load average after: ${load()}`);
