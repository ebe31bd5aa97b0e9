#!/usr/bin/env node
// `npm start`: build what is stale (scripts/build.mjs), then run the server on one port.
import { spawn } from "node:child_process";
import os from "node:os";
import { buildStale, SERVER_BUNDLE } from "./build.mjs";
import { serverEnv } from "./server-env.mjs";

// The console with vite, the server with esbuild (one ESM file, so a start does not transpile TypeScript: tsx cost
// ~2 s and ~65 MB per start), each when missing or older than its sources.
await buildStale();

// The IPC channel lets the server notice when this process is gone, even after a SIGKILL. No --enable-source-maps:
// Node holds a loaded map decoded in the heap for the life of the process (~17 MB of the idle server's ~280 MiB);
// `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces to the TypeScript sources when needed.
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  env: serverEnv(),
  stdio: ["inherit", "inherit", "inherit", "ipc"],
});
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
