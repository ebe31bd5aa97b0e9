#!/usr/bin/env node
// `npm run bench -- load [--runs N] [--port P] [--compare DIR] [--rtt MS --mbps N]`: time from navigation to the first
// signed-in view (the reseller's dashboard heading, no loader left) in Debian Chromium, against the real server serving
// a fresh production build. Cold: the browser cache is cleared before each navigation; warm: the files of the previous
// load are cached. The session is the tab's own (sessionStorage), as after a person's reload. `--compare DIR` also
// builds and serves another checkout (e.g. an older commit unpacked with `git archive`, with node_modules linked in)
// and alternates the two run by run, so both see the same load on a busy machine.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { median, option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const runs = Number(option(args, "runs", "7"));
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8391"));
const compare = option(args, "compare", "");
// `--rtt 40 --mbps 20`: a network like a LAN or a good mobile link (Chromium's emulation), instead of loopback.
const rtt = Number(option(args, "rtt", "0"));
const mbps = Number(option(args, "mbps", "0"));

/** Builds the checkout at root into its own folder and serves it with a fresh data directory. */
async function serve(label, root, at) {
  const out = resolve(`.tmp/bench-load-${label}-dist`);
  const data = resolve(`.tmp/bench-load-${label}-data`);
  const build = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--outDir", out, "--emptyOutDir", "--logLevel", "warn"],
    { stdio: "inherit", cwd: root },
  );
  if (build.status !== 0) throw new Error(`vite build failed in ${root}`);
  rmSync(data, { recursive: true, force: true });
  const server = await startServer({
    args: ["--import", "tsx", "server/main.ts"],
    env: { WEB_ROOT: out, DATA_DIR: data, RATE_LIMIT_LOGIN_PER_IP: "10000" },
    port: at,
    cwd: root,
  });
  return { label, ...server, data };
}

const targets = [await serve("this", ".", port)];
if (compare) targets.push(await serve("compared", resolve(compare), port + 1));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

/** A signed-in tab on one server, and a function timing one load of the reseller's home. */
async function signedInTab(target) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  if (rtt || mbps) {
    const bytesPerS = mbps ? (mbps * 1e6) / 8 : -1;
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: rtt,
      downloadThroughput: bytesPerS,
      uploadThroughput: bytesPerS,
    });
  }
  await page.goto(`${target.url}/`);
  await page.getByLabel("Email or username").fill("reseller");
  await page.getByLabel("Password").fill(process.env.DEMO_PASSWORD ?? "demo1234!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/reseller$/);
  const load = async () => {
    const t0 = Date.now();
    const sizes = [];
    const onResponse = (res) =>
      sizes.push(
        res
          .request()
          .sizes()
          .then(
            (s) => Math.max(0, s.responseBodySize),
            () => 0,
          ),
      );
    page.on("response", onResponse);
    await page.goto(`${target.url}/reseller`, { waitUntil: "commit" });
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page
      .locator('[role="status"][aria-label="Loading"]')
      .first()
      .waitFor({ state: "detached" })
      .catch(() => {});
    const ms = Date.now() - t0;
    page.off("response", onResponse);
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return { ms, bytes, requests: sizes.length };
  };
  return {
    load,
    cold: async () => {
      await cdp.send("Network.clearBrowserCache");
      return load();
    },
    warm: async () => {
      await load(); // primes the cache for the measured load
      return load();
    },
  };
}

try {
  const tabs = await Promise.all(targets.map(signedInTab));
  for (const tab of tabs) await tab.load(); // warm-up: the server's first answers (JIT, PGlite caches) are not what a person sees
  const results = targets.map(() => ({ cold: [], warm: [] }));
  for (const kind of ["cold", "warm"]) {
    for (let i = 0; i < runs; i++) {
      for (let t = 0; t < tabs.length; t++) results[t][kind].push(await tabs[t][kind]());
    }
  }
  const network = rtt || mbps ? `emulated network: ${rtt} ms RTT, ${mbps || "unlimited"} Mbit/s` : "loopback";
  console.log(
    `\nnavigation → first signed-in view (reseller dashboard), ${runs} runs each, Chromium headless, ${network}:`,
  );
  targets.forEach((target, t) => {
    for (const kind of ["cold", "warm"]) {
      const samples = results[t][kind];
      console.log(
        `${target.label.padEnd(8)} ${kind}  median ${String(Math.round(median(samples.map((s) => s.ms)))).padStart(5)} ms` +
          `  (runs: ${samples.map((s) => s.ms).join(", ")} ms)  body bytes ${(median(samples.map((s) => s.bytes)) / 1024).toFixed(0)} KB in ${median(samples.map((s) => s.requests))} responses`,
      );
    }
  });
} finally {
  await browser.close();
  for (const target of targets) {
    await target.stop();
    rmSync(target.data, { recursive: true, force: true });
  }
}
