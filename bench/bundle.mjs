#!/usr/bin/env node
// Gzipped JavaScript a browser downloads per route: builds the console with a manifest and walks each chunk's
// static imports. Budgets: login route ≤ 250 KB, first signed-in view (shell + dashboard) ≤ 450 KB. Exits 1 over budget
// or when rolldown reports an ineffective dynamic import.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const OUT = ".tmp/bench-dist";
const build = spawnSync("npx", ["vite", "build", "--manifest", "--outDir", OUT, "--emptyOutDir", "--logLevel", "warn"], {
  stdio: ["ignore", "pipe", "pipe"],
  encoding: "utf8",
});
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
const firstView = union(shell, closure(keyOf("pages/dashboard/index.tsx")));

const rows = [
  ["login route (entry + login page)", total(login)],
  ["authenticated shell (entry + app + layout)", total(shell)],
  ["shell + dashboard (first signed-in view)", total(firstView)],
  ["screens, added on top of the shell:", null],
];
for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.includes("src/pages/") && !k.includes("pages/public")).sort()) {
  const extra = [...closure(key)].filter((f) => !shell.has(f));
  rows.push([`  ${key.replace(/^src\/pages\//, "")}`, total(extra)]);
}
const width = Math.max(...rows.map(([label]) => label.length));
console.log("\nGzipped JavaScript (level 9), each route's whole static import closure:");
for (const [label, bytes] of rows) console.log(bytes === null ? label : `${label.padEnd(width)}  ${kb(bytes).padStart(10)}`);
const LOGIN_BUDGET_KB = 250;
const FIRST_VIEW_BUDGET_KB = 450;
const loginOk = total(login) <= LOGIN_BUDGET_KB * 1024;
const firstViewOk = total(firstView) <= FIRST_VIEW_BUDGET_KB * 1024;
console.log(
  `\nbudget: login route ≤ ${LOGIN_BUDGET_KB} KB ${loginOk ? "ok" : "OVER"}; ` +
    `first signed-in view ≤ ${FIRST_VIEW_BUDGET_KB} KB ${firstViewOk ? "ok" : "OVER"}`,
);
if (ineffective) console.log("INEFFECTIVE_DYNAMIC_IMPORT: a lazy import is also static somewhere (see the warning above)");
process.exit(loginOk && firstViewOk && !ineffective ? 0 : 1);
