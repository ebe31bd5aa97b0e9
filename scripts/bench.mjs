#!/usr/bin/env node
// `npm run bench -- NAME [args]`: runs bench/NAME.mjs and lets it print its figures.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const [name, ...args] = process.argv.slice(2);
const available = readdirSync("bench")
  .filter((f) => f.endsWith(".mjs"))
  .map((f) => f.replace(/\.mjs$/, ""));
if (!name || !existsSync(`bench/${name}.mjs`)) {
  console.error(`usage: npm run bench -- NAME   (available: ${available.join(", ")})`);
  process.exit(2);
}
const child = spawn(process.execPath, [`bench/${name}.mjs`, ...args], { stdio: "inherit" });
child.on("exit", (code) => process.exit(code ?? 1));
