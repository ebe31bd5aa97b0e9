#!/usr/bin/env node
// `npm run bench -- load [--runs N] [--port P]`: time from navigation to the first signed-in view (the reseller's
// dashboard heading, no loader left) in Debian Chromium, against the real server serving a fresh production build.
// Cold: the browser cache is cleared before each navigation; warm: the files of the previous load are cached.
// The session is the tab's own (sessionStorage), as after a person's reload. `--root DIR` measures another checkout
// (e.g. a worktree of an older commit) with the same procedure, for before/after figures on a busy machine.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { median, option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const runs = Number(option(args, "runs", "7"));
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8391"));
const root = resolve(option(args, "root", "."));
const OUT = resolve(".tmp/bench-load-dist");
const DATA = resolve(".tmp/bench-load-data");

const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--outDir", OUT, "--emptyOutDir", "--logLevel", "warn"], { stdio: "inherit", cwd: root });
if (build.status !== 0) process.exit(build.status ?? 1);
rmSync(DATA, { recursive: true, force: true });

const server = await startServer({
  args: ["--import", "tsx", "server/main.ts"],
  env: { WEB_ROOT: OUT, DATA_DIR: DATA, RATE_LIMIT_LOGIN_PER_IP: "10000" },
  port,
  cwd: root,
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${server.url}/`);
  await page.getByLabel("Email or username").fill("reseller");
  await page.getByLabel("Password").fill(process.env.DEMO_PASSWORD ?? "demo1234!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/reseller$/);

  const home = `${server.url}/reseller`;
  const firstView = async () => {
    const t0 = Date.now();
    const sizes = [];
    const onResponse = (res) => sizes.push(res.request().sizes().then((s) => Math.max(0, s.responseBodySize), () => 0));
    page.on("response", onResponse);
    await page.goto(home, { waitUntil: "commit" });
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.locator('[role="status"][aria-label="Loading"]').first().waitFor({ state: "detached" }).catch(() => {});
    const ms = Date.now() - t0;
    page.off("response", onResponse);
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return { ms, bytes, requests: sizes.length };
  };

  const measure = async (cold) => {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      if (cold) await cdp.send("Network.clearBrowserCache");
      else await firstView(); // primes the cache for the measured load
      samples.push(await firstView());
    }
    return samples;
  };
  await firstView(); // warm-up: the server's first answers (JIT, PGlite caches) are not what a person sees
  const cold = await measure(true);
  const warm = await measure(false);
  const row = (label, samples) =>
    console.log(
      `${label.padEnd(5)} median ${String(Math.round(median(samples.map((s) => s.ms)))).padStart(5)} ms` +
        `  (runs: ${samples.map((s) => s.ms).join(", ")} ms)  body bytes ${(median(samples.map((s) => s.bytes)) / 1024).toFixed(0)} KB in ${median(samples.map((s) => s.requests))} responses`,
    );
  console.log(`\nnavigation → first signed-in view (reseller dashboard), ${runs} runs each, Chromium headless:`);
  row("cold", cold);
  row("warm", warm);
} finally {
  await browser.close();
  await server.stop();
}
