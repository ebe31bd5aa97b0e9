#!/usr/bin/env node
// `npm run bench -- contacts-import [--rows N] [--batch N]`: imports a generated CSV of N contacts (default 1,000,000)
// through the contacts import's code (createImport, startImport, runImport) on PGlite (a data directory on disk, as
// `npm start` uses) and, when DATABASE_URL is set, on PostgreSQL. Prints seconds and the peak resident memory of the
// process that imported, beside the goals of issue 39 (1,000,000 rows under 60 s, the server under 500 MB).
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { option } from "./lib/server.mjs";

const GOAL_SECONDS = 60;
const GOAL_MB = 500;
const args = process.argv.slice(2);
const rows = Number(option(args, "rows", "1000000"));
const batch = option(args, "batch", "5000");
const dir = mkdtempSync(join(tmpdir(), "bench-contacts-import-"));
const csv = join(dir, "contacts.csv");

// Indian mobiles with a name, an email, labels and two attributes; every 50th number is invalid and every 40th a
// duplicate of the row before, as a real list has.
async function generate() {
  const out = createWriteStream(csv);
  out.write("Mobile,Name,Email,Tags,City,Orders\n");
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const number = i % 50 === 49 ? "12345" : i % 40 === 39 ? String(9000000000 + i - 1) : String(9000000000 + i);
    chunk += `${number},Person ${i},p${i}@example.com,customer; batch ${i % 7},City ${i % 100},${i % 1000}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "close");
}

function child(script, label, env) {
  const run = spawnSync(process.execPath, ["--import", "tsx", script, csv, batch, String(rows)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (run.status !== 0) throw new Error(`${label}: ${script} failed (${run.status})`);
  return JSON.parse(run.stdout.trim().split("\n").pop());
}

// The floors first, each on a fresh data directory of its own: the same file, reader and write statement, nothing else;
// then the same rows with no file or client at all (what PGlite takes to write them).
function run(label, env, dataDir) {
  const f = child("bench/lib/contacts-import-floor.ts", label, { ...env, BENCH_DATA_DIR: `${dataDir}-floor` });
  console.log(
    `${label.padEnd(12)} floor (read + the import's write, no checks): ${f.rowsRead.toLocaleString("en-US")} rows in ${f.seconds.toFixed(1)} s (CPU ${f.cpuSeconds.toFixed(1)} s; load ${loadavg()[0].toFixed(1)})`,
  );
  const e = child("bench/lib/contacts-import-engine.ts", label, { ...env, BENCH_DATA_DIR: `${dataDir}-engine` });
  console.log(
    `${label.padEnd(12)} engine (the same rows made by generate_series in the database, same table and batches): ${e.rowsRead.toLocaleString("en-US")} rows in ${e.seconds.toFixed(1)} s (CPU ${e.cpuSeconds.toFixed(1)} s; load ${loadavg()[0].toFixed(1)})`,
  );
  const r = child("bench/lib/contacts-import-run.ts", label, { ...env, BENCH_DATA_DIR: dataDir });
  const mb = r.peakRssKb / 1024;
  const verdict = (ok) => (ok ? "ok" : "OVER");
  console.log(
    `${label.padEnd(12)} ${r.rowsRead.toLocaleString("en-US")} rows in ${r.seconds.toFixed(1)} s (goal < ${GOAL_SECONDS} s for 1,000,000: ${verdict(r.seconds * (1_000_000 / rows) < GOAL_SECONDS)}; CPU ${r.cpuSeconds.toFixed(1)} s; load ${loadavg()[0].toFixed(1)}) = ${Math.round(r.rowsRead / r.seconds).toLocaleString("en-US")} rows/s` +
      `  (created ${r.created}, updated ${r.updated}, rejected ${r.rejected}; status ${r.status})  peak RSS ${mb.toFixed(0)} MB (goal < ${GOAL_MB} MB: ${verdict(mb < GOAL_MB)})` +
      `  = ${(r.seconds / f.seconds).toFixed(2)}× the floor, ${(r.seconds / e.seconds).toFixed(2)}× the engine (CPU ${(r.cpuSeconds / e.cpuSeconds).toFixed(2)}×)`,
  );
}

try {
  const started = performance.now();
  await generate();
  console.log(
    `\ngenerated ${rows.toLocaleString("en-US")} rows (${(statSync(csv).size / 1048576).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s; batch ${batch}`,
  );
  run("PGlite", { DATABASE_URL: "" }, join(dir, "pglite"));
  if (process.env.DATABASE_URL) run("PostgreSQL", {}, join(dir, "pg"));
  else console.log("PostgreSQL   skipped (set DATABASE_URL or run under node scripts/with-postgres.mjs)");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
