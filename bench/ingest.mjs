#!/usr/bin/env node
// `npm run bench -- ingest [--rows N] [--batch N]`: ingests a generated CSV of N rows (default 1,000,000) through
// the audience ingest job's code, on PGlite (a data directory on disk, as `npm start` uses) and, when DATABASE_URL
// is set (e.g. under scripts/with-postgres.mjs), on PostgreSQL with COPY. Prints rows per second, total seconds and
// the peak resident memory of the process that ingested. The ingest process's CPU seconds are printed too: on a
// shared machine they say more than the wall clock.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const rows = Number(option(args, "rows", "1000000"));
const batch = option(args, "batch", "5000");
const dir = mkdtempSync(join(tmpdir(), "bench-ingest-"));
const csv = join(dir, "audience.csv");

// Indian mobile numbers with a name and a city; every 50th row is invalid and every 40th a duplicate, as a real list
// has.
async function generate() {
  const out = createWriteStream(csv);
  out.write("name,phone,city\n");
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const number = i % 50 === 49 ? "12345" : i % 40 === 39 ? String(9000000000 + i - 1) : String(9000000000 + i);
    chunk += `Person ${i},${number},City ${i % 100}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "close");
}

function run(label, env) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/ingest-run.ts", csv, batch], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.status !== 0) throw new Error(`${label}: ingest failed (${child.status})`);
  const result = JSON.parse(child.stdout.trim().split("\n").pop());
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(
    `${label.padEnd(12)} ${result.rowsRead.toLocaleString("en-US")} rows in ${result.seconds.toFixed(1)} s (CPU ${result.cpuSeconds.toFixed(1)} s; load ${loadavg()[0].toFixed(1)}) = ${Math.round(result.rowsRead / result.seconds).toLocaleString("en-US")} rows/s` +
      `  (valid ${result.valid}, invalid ${result.invalid}, duplicates ${result.duplicates}; status ${result.status})  peak RSS ${mb(result.peakRssKb)}`,
  );
}

try {
  const started = performance.now();
  await generate();
  console.log(
    `\ngenerated ${rows.toLocaleString("en-US")} rows (${(statSync(csv).size / 1048576).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s; batch ${batch}`,
  );
  run("PGlite", { DATABASE_URL: "", BENCH_DATA_DIR: join(dir, "pglite") });
  if (process.env.DATABASE_URL) run("PostgreSQL", { BENCH_DATA_DIR: join(dir, "pg") });
  else console.log("PostgreSQL   skipped (set DATABASE_URL or run under node scripts/with-postgres.mjs)");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
