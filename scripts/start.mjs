#!/usr/bin/env node
// `npm start`: build what is stale (the console with vite, the server with esbuild), then run the server on one
// port. Only the source folders are looked at, never node_modules, so deciding takes milliseconds.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { buildServer, SERVER_OUT } from "./build-server.mjs";
import { serverEnv } from "./server-env.mjs";

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

// The console: built into ./dist when missing or older than its sources. A WEB_ROOT elsewhere is someone else's build.
const webRoot = resolve(process.env.WEB_ROOT || "dist");
if (webRoot === resolve("dist") && existsSync("index.html") && stale("dist/index.html", WEB_SOURCES)) {
  console.log("building the console (vite build)...");
  const result = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server: one ESM file, so a start does not transpile TypeScript (tsx cost ~2 s and ~65 MB per start).
if (stale(SERVER_BUNDLE, SERVER_SOURCES)) await buildServer(SERVER_OUT);

// The IPC channel lets the server notice when this process is gone, even after a SIGKILL. No --enable-source-maps:
// Node holds a loaded map decoded in the heap for the life of the process (~17 MB of the idle server's ~280 MiB);
// `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces to the TypeScript sources when needed.
const server = spawn(process.execPath, [SERVER_BUNDLE], { env: serverEnv(), stdio: ["inherit", "inherit", "inherit", "ipc"] });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));

// `kill <pid of npm>`: npm passes the signal to its shell, which dies without passing it on; this process is then
// re-parented. Noticing that is the only way to stop the server with it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop("SIGTERM");
}, 500).unref();
