#!/usr/bin/env node
// `npm start`: build the console when it is missing or older than its sources, then run the server on one port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["index.html", "vite.config.ts", "src", "contract", "schemas", "resources"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
if (existsSync("index.html") && newestMtime(".") !== 0 && Math.max(...SOURCES.map(newestMtime)) > built) {
  console.log("building the console (vite build)...");
  const result = spawnSync("npx", ["vite", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// exec-like: the server is our only child and receives our signals, so nothing lingers after Ctrl-C.
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
