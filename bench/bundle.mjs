#!/usr/bin/env node
// `npm run bench -- bundle [--port P] [--roles admin,manager]`: what the browser downloads.
//  1. Per route, from the build manifest: each screen's static import closure, gzipped (level 9). Budget: the login
//     route ≤ 250 KB.
//  2. The first signed-in view, measured in Chromium against the real server serving this build: for each demo role,
//     a reload of its home (the dashboard) with the session kept and the cache empty, until the dashboard has drawn
//     its charts and tables. Every JS and CSS file the browser fetched counts, lazy chunks included (the chart chunk,
//     the tables, the balance-requests card), each gzipped at level 9 like the files the server sends. Budget: ≤ 450 KB
//     for every role. Also printed: the bytes actually transferred (the server sends brotli when the browser takes it).
// Exits 1 over a budget, or when rolldown reports an ineffective dynamic import.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8393"));
const OUT = resolve(".tmp/bench-dist");
const LOGIN_BUDGET_KB = 250;
const FIRST_VIEW_BUDGET_KB = 450;
const only = option(args, "roles", "").split(",").filter(Boolean);
const ROLES = [
  ["admin", "/admin"],
  ["reseller", "/reseller"],
  ["manager", "/organization"],
  ["user", "/user"],
  ["depthead", "/department-head"],
].filter(([name]) => only.length === 0 || only.includes(name));

const build = spawnSync(
  "npx",
  ["vite", "build", "--manifest", "--outDir", OUT, "--emptyOutDir", "--logLevel", "warn"],
  { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" },
);
process.stdout.write(build.stdout);
process.stderr.write(build.stderr);
if (build.status !== 0) process.exit(build.status ?? 1);
// A module imported both lazily and statically stays in the static importer's chunk: the lazy boundary is void.
const ineffective = /INEFFECTIVE_DYNAMIC_IMPORT/.test(build.stdout + build.stderr);

const manifest = JSON.parse(readFileSync(join(OUT, ".vite/manifest.json"), "utf8"));
const gz = new Map();
const sizeOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length);
  return gz.get(file);
};
/** The JS files loaded for a manifest key: its own chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  if (chunk.file.endsWith(".js")) seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((sum, f) => sum + sizeOf(f), 0);
const keyOf = (part) => Object.keys(manifest).find((k) => k.includes(part));
const union = (...sets) => new Set(sets.flatMap((set) => [...set]));
const entry = closure(Object.keys(manifest).find((k) => manifest[k].isEntry));
const login = union(entry, closure(keyOf("pages/public/login-page")));
const shell = union(entry, closure(keyOf("routes/authenticated-app")));

const rows = [
  ["login route (entry + login page)", total(login)],
  ["authenticated shell (entry + app + layout)", total(shell)],
  ["screens, added on top of the shell:", null],
];
for (const key of Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && k.includes("src/pages/") && !k.includes("pages/public"))
  .sort()) {
  const extra = [...closure(key)].filter((f) => !shell.has(f));
  rows.push([`  ${key.replace(/^src\/pages\//, "")}`, total(extra)]);
}
const width = Math.max(...rows.map(([label]) => label.length));
console.log("\nGzipped JavaScript (level 9), each route's whole static import closure:");
for (const [label, bytes] of rows)
  console.log(bytes === null ? label : `${label.padEnd(width)}  ${kb(bytes).padStart(10)}`);

/** Signs in as `username` through the form, then reloads the home with an empty cache and counts what comes. */
async function firstView(browser, url, username, home) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${url}/`);
  await page.getByLabel("Email or username").fill(username);
  await page.getByLabel("Password").fill(process.env.DEMO_PASSWORD ?? "demo1234!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(new RegExp(`${home}$`));
  await cdp.send("Network.clearBrowserCache");
  const fetched = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type === "script" || type === "stylesheet")
      fetched.push(
        res
          .request()
          .sizes()
          .then(
            (s) => ({ path: new URL(res.url()).pathname, sent: s.responseBodySize }),
            () => null,
          ),
      );
  });
  await page.goto(`${url}${home}`, { waitUntil: "commit" });
  // Drawn: the figures, then every lazy part (charts or the empty period's card, tables), no skeleton left.
  await page.locator(".ant-statistic-content").first().waitFor();
  await page.locator('main svg[role="img"], main .ant-empty').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  await page
    .locator(".ant-skeleton-active")
    .first()
    .waitFor({ state: "detached", timeout: 60_000 })
    .catch(() => {});
  await page.waitForLoadState("networkidle");
  const files = (await Promise.all(fetched)).filter(Boolean);
  await page.close();
  const unique = new Map(files.map((f) => [f.path, f]));
  const gzipped = [...unique.keys()].reduce((sum, path) => sum + sizeOf(path.replace(/^\//, "")), 0);
  const sent = [...unique.values()].reduce((sum, f) => sum + f.sent, 0);
  const lazy = [...unique.keys()].filter((path) => path.endsWith(".js") && !shell.has(path.replace(/^\//, ""))).length;
  return { files: unique.size, lazy, gzipped, sent, paths: [...unique.keys()] };
}

const data = resolve(".tmp/bench-bundle-data");
rmSync(data, { recursive: true, force: true });
// A fresh data directory takes a while on a busy machine: the server gets up to 8 minutes to be healthy.
const server = await startServer({
  args: ["--import", "tsx", "server/main.ts"],
  env: { WEB_ROOT: OUT, DATA_DIR: data, RATE_LIMIT_LOGIN_PER_IP: "10000" },
  port,
  timeoutMs: 480_000,
});
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
const views = [];
try {
  for (const [username, home] of ROLES)
    views.push({ username, ...(await firstView(browser, server.url, username, home)) });
} finally {
  await browser.close();
  await server.stop();
  rmSync(data, { recursive: true, force: true });
}

console.log(
  "\nFirst signed-in view (the dashboard, reloaded with an empty cache), every JS and CSS file the browser fetched:",
);
for (const v of views) {
  console.log(
    `  ${v.username.padEnd(9)} ${String(v.files).padStart(3)} files (${String(v.lazy).padStart(2)} beyond the shell)  ` +
      `${kb(v.gzipped).padStart(9)} gzipped  (${kb(v.sent)} transferred)`,
  );
}
const heaviest = Math.max(...views.map((v) => v.gzipped));
const loginOk = total(login) <= LOGIN_BUDGET_KB * 1024;
const firstViewOk = heaviest <= FIRST_VIEW_BUDGET_KB * 1024;
console.log(
  `\nbudget: login route ≤ ${LOGIN_BUDGET_KB} KB ${loginOk ? "ok" : "OVER"} (${kb(total(login))}); ` +
    `first signed-in view ≤ ${FIRST_VIEW_BUDGET_KB} KB ${firstViewOk ? "ok" : "OVER"} (heaviest ${kb(heaviest)})`,
);
if (!firstViewOk) {
  // Over budget: the heaviest view's files, largest first, to show where the bytes go.
  const worst = views.find((v) => v.gzipped === heaviest);
  console.log(`\n${worst.username}'s first view, file by file:`);
  for (const path of worst.paths.sort((a, b) => sizeOf(b.slice(1)) - sizeOf(a.slice(1))))
    console.log(`  ${kb(sizeOf(path.slice(1))).padStart(9)}  ${path}`);
}
if (ineffective)
  console.log("INEFFECTIVE_DYNAMIC_IMPORT: a lazy import is also static somewhere (see the warning above)");
process.exit(loginOk && firstViewOk && !ineffective ? 0 : 1);
