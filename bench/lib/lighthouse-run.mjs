// Runs inside `npx -y -p lighthouse@12.2.3 -c "node bench/lib/lighthouse-run.mjs"` (bench/lighthouse.mjs starts it):
// Lighthouse stays out of package.json, so `npm ci` does not fetch it and its Chromium driver. Lighthouse's Node API
// on a Puppeteer page, so a signed-in page keeps the tab's session (sessionStorage, src/state/persist.ts): the CLI
// would open a new tab without it. Reads LH_PAGES (JSON: [{ name, url, signIn? }]) and LH_RUNS; prints one JSON line
// of results.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

// npx puts the package's .bin on PATH; its node_modules is the folder above.
const bin = (process.env.PATH ?? "")
  .split(delimiter)
  .find((p) => existsSync(join(p, "lighthouse")) && p.includes("_npx"));
if (!bin) throw new Error("run through npx -p lighthouse@12.2.3 (bench/lighthouse.mjs does)");
const modules = join(bin, "..");
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const { default: lighthouse } = await load("lighthouse/core/index.js");
const { default: desktopConfig } = await load("lighthouse/core/config/desktop-config.js");
const { default: puppeteer } = await load("puppeteer-core/lib/esm/puppeteer/puppeteer-core.js");

const pages = JSON.parse(process.env.LH_PAGES ?? "[]");
const runs = Number(process.env.LH_RUNS ?? "3");
const presets = { mobile: undefined, desktop: desktopConfig };

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

/** Signs in on the login form in this tab; the session then lives in the tab's sessionStorage. */
async function signIn(page, url, { username, password }) {
  await page.goto(new URL("/", url).href, { waitUntil: "networkidle0" });
  await page.type("input[autocomplete=username]", username);
  await page.type("input[autocomplete=current-password]", password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: "networkidle0" }).catch(() => {}),
    page.click("button[type=submit]"),
  ]);
  // The sign-in leaves "/" for the role's home.
  await page.waitForFunction(() => globalThis.location.pathname !== "/");
}

const results = [];
for (let run = 0; run < runs; run++) {
  for (const [preset, config] of Object.entries(presets)) {
    for (const target of pages) {
      // A fresh tab each run, its cache emptied: every run is a first visit (signed in where the page needs it).
      const page = await browser.newPage();
      if (target.signIn) await signIn(page, target.url, target.signIn);
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      // Storage is not reset: that would sign the tab out. The cache is emptied above instead.
      const flags = { output: "json", logLevel: "error", disableStorageReset: true, onlyCategories: ["performance"] };
      const { lhr } = await lighthouse(target.url, flags, config, page);
      const audit = (id) => lhr.audits[id]?.numericValue;
      results.push({
        run,
        preset,
        page: target.name,
        finalUrl: lhr.finalDisplayedUrl,
        score: lhr.categories.performance.score,
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        error: lhr.runtimeError?.message,
      });
      await page.close();
      process.stderr.write(".");
    }
  }
}
// What shifts, per preset's viewport: Lighthouse 12.2.3's "layout-shifts" audit fails on this Chromium's traces
// ("Cannot read properties of undefined (reading 'frame_sequence')"), so the page's own layout-shift entries.
const VIEWPORTS = {
  mobile: { width: 412, height: 823, deviceScaleFactor: 1.75 },
  desktop: { width: 1350, height: 940 },
};
for (const target of pages.filter((p) => p.signIn)) {
  for (const [preset, viewport] of Object.entries(VIEWPORTS)) {
    const page = await browser.newPage();
    await page.setViewport(viewport);
    await signIn(page, target.url, target.signIn);
    await page.evaluateOnNewDocument(() => {
      const seen = [];
      globalThis.__shifts = seen;
      const name = (n) =>
        n && n.nodeType === 1
          ? `${n.tagName.toLowerCase()}${n.className && typeof n.className === "string" ? "." + n.className.trim().split(/\s+/).slice(0, 3).join(".") : ""} "${(n.textContent ?? "").trim().slice(0, 40)}"`
          : String(n?.nodeName ?? "?");
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (!e.hadRecentInput)
            seen.push({ at: Math.round(e.startTime), value: e.value, nodes: e.sources.map((s) => name(s.node)) });
      }).observe({ type: "layout-shift", buffered: true });
    });
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await page.goto(target.url, { waitUntil: "networkidle0" });
    await new Promise((r) => setTimeout(r, 2000));
    const shifts = await page.evaluate(() => globalThis.__shifts);
    results.push({ kind: "shifts", preset, page: target.name, shifts });
    await page.close();
  }
}
await browser.close();
console.log(JSON.stringify(results));
