#!/usr/bin/env node
// The product as it ships: the console (vite, into ./dist) and the server bundle (esbuild, .build/server/main.mjs).
// `node scripts/build.mjs` (npm run build) builds both; `npm start` and the e2e run build what is stale
// (buildStale), looking only at the source folders, never node_modules, so deciding takes milliseconds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_OUT } from "./build-server.mjs";

/** What the built console depends on. */
const WEB_SOURCES = ["index.html", "vite.config.ts", "src", "contract", "schemas", "resources", "package-lock.json"];
/** What the server bundle depends on (its packages stay in node_modules and are loaded from there). */
const SERVER_SOURCES = ["server", "contract", "schemas", "resources", "package.json", "package-lock.json"];
export const SERVER_BUNDLE = `${SERVER_OUT}/main.mjs`;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== "node_modules")
    .reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const stale = (output, sources) => Math.max(...sources.map(newestMtime)) > mtime(output);

/** Seconds since `t0` (performance.now()), as a person reads them in the start-up lines. */
const since = (t0) => `${Math.round((performance.now() - t0) / 1000)} s`;

/**
 * Builds the console into ./dist (exits the process if vite fails: nothing can run without it). Vite's per-file asset
 * listing (hundreds of lines) is left out: one line says what is happening and one how long it took; its warnings and
 * errors still print.
 */
export function buildWeb() {
  console.log("building the console (first start, or its sources changed)...");
  const t0 = performance.now();
  const result = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`console built in ${since(t0)}`);
}

async function buildServerTimed() {
  console.log("building the server...");
  const t0 = performance.now();
  const bundle = await buildServer(SERVER_OUT);
  console.log(`server built in ${since(t0)}`);
  return bundle;
}

/**
 * Builds the console (unless WEB_ROOT points at someone else's build) and the server bundle where sources are newer.
 */
export async function buildStale() {
  const webRoot = resolve(process.env.WEB_ROOT || "dist");
  if (webRoot === resolve("dist") && existsSync("index.html") && stale("dist/index.html", WEB_SOURCES)) buildWeb();
  if (stale(SERVER_BUNDLE, SERVER_SOURCES)) await buildServerTimed();
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  buildWeb();
  await buildServerTimed();
}
