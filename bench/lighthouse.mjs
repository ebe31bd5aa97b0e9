#!/usr/bin/env node
// `npm run bench -- lighthouse [--runs N] [--port P]`: Lighthouse 12.2.3 (pinned; through npx, so `npm ci` stays
// light) in Debian's Chromium, mobile and desktop presets, on the login page and the manager's signed-in dashboard
// of the built console, beside a static HTML sign-in form (bench/lib/static-form.html) served in the same run by a
// tiny HTTP server: the machine is never idle, so the ratio to the static page is what to read. Median of the runs
// per page and preset: score, FCP, LCP, TBT, CLS. Goals (issue 38): a desktop score ≥ 0.9 × the static page's, the
// dashboard's CLS < 0.02.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { buildStale } from "../scripts/build.mjs";
import { freePort, median, option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const runs = Number(option(args, "runs", "3"));
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8394"));
const DATA = ".tmp/bench-lighthouse-data";
const LIGHTHOUSE = "lighthouse@12.2.3";
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

await buildStale();
rmSync(DATA, { recursive: true, force: true });
const server = await startServer({
  args: [".build/server/main.mjs"],
  env: { DATA_DIR: DATA, DATABASE_URL: "", RATE_LIMIT_LOGIN_PER_IP: "10000" },
  port,
  timeoutMs: 300_000,
});
const html = readFileSync(new URL("./lib/static-form.html", import.meta.url));
const staticServer = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length });
  res.end(html);
});
const staticPort = await freePort();
await new Promise((resolve) => staticServer.listen(staticPort, "127.0.0.1", resolve));

const signIn = { username: "manager", password: process.env.DEMO_PASSWORD ?? "demo1234!" };
const pages = [
  { name: "static form", url: `http://127.0.0.1:${staticPort}/` },
  { name: "login", url: `${server.url}/` },
  { name: "dashboard (manager)", url: `${server.url}/organization`, signIn },
];
console.log(`${LIGHTHOUSE}, ${runs} runs; load average before: ${load()}`);
let stdout = "";
try {
  const child = spawn("npx", ["-y", "-p", LIGHTHOUSE, "-c", "node bench/lib/lighthouse-run.mjs"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, LH_PAGES: JSON.stringify(pages), LH_RUNS: String(runs) },
  });
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`lighthouse runner exited ${code}`);
} finally {
  staticServer.close();
  await server.stop();
  rmSync(DATA, { recursive: true, force: true });
}

const all = JSON.parse(stdout.trim().split("\n").pop());
const results = all.filter((r) => r.kind !== "shifts");
const failed = results.filter((r) => r.error);
for (const r of failed) console.log(`run ${r.run} ${r.preset} ${r.page}: ${r.error}`);
const ok = results.filter((r) => !r.error);
const med = (preset, page, key) => median(ok.filter((r) => r.preset === preset && r.page === page).map((r) => r[key]));
const ms = (v) => `${Math.round(v).toLocaleString("en")} ms`;
console.log(`\nload average after: ${load()}; medians of ${runs} runs (each run's score in brackets)`);
console.log("| preset | page | score | × static | FCP | LCP | TBT | CLS |");
console.log("|---|---|---|---|---|---|---|---|");
for (const preset of ["mobile", "desktop"]) {
  const staticScore = med(preset, pages[0].name, "score");
  for (const { name } of pages) {
    const all = ok.filter((r) => r.preset === preset && r.page === name).map((r) => Math.round(r.score * 100));
    const score = med(preset, name, "score");
    console.log(
      `| ${preset} | ${name} | ${Math.round(score * 100)} (${all.join(", ")}) | ${(score / staticScore).toFixed(2)} | ` +
        `${ms(med(preset, name, "fcp"))} | ${ms(med(preset, name, "lcp"))} | ${ms(med(preset, name, "tbt"))} | ` +
        `${med(preset, name, "cls").toFixed(3)} |`,
    );
  }
}
const dashboard = pages[2].name;
console.log(
  `\ngoals: desktop score ≥ 0.9 × the static page's (login ${(med("desktop", "login", "score") / med("desktop", pages[0].name, "score")).toFixed(2)}, ` +
    `dashboard ${(med("desktop", dashboard, "score") / med("desktop", pages[0].name, "score")).toFixed(2)}); ` +
    `dashboard CLS < 0.02 (mobile ${med("mobile", dashboard, "cls").toFixed(3)}, desktop ${med("desktop", dashboard, "cls").toFixed(3)})`,
);
console.log("\nthe dashboard's layout shifts (layout-shift entries on one more load per preset's viewport):");
for (const { preset, shifts } of all.filter((r) => r.kind === "shifts")) {
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  console.log(`  ${preset}: ${total.toFixed(3)} in ${shifts.length} shifts`);
  for (const s of [...shifts].sort((a, b) => b.value - a.value).slice(0, 5))
    console.log(`    ${s.value.toFixed(3)} at ${s.at} ms: ${s.nodes.join(" | ")}`);
}
const urls = new Set(ok.filter((r) => r.page === dashboard).map((r) => r.finalUrl));
console.log(`\nthe dashboard runs ended at: ${[...urls].join(", ")}`);
