#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";

/**
 * The PostgreSQL pass of npm test: the files where PostgreSQL and PGlite part ways (several connections and
 * processes, SKIP LOCKED claims, LISTEN/NOTIFY, COPY, the long pool, triggers, query plans) and the two that call
 * every route (so every route's SQL runs on PostgreSQL once). `npm run test:pg` runs every server file there.
 */
const POSTGRES_FILES = [
  "server/test/access.test.ts", // every call x every role
  "server/test/call-schemas.test.ts", // every call's bad input, nothing changed
  "server/test/migrate-concurrently.pg.test.ts",
  "server/test/campaign-dispatch.test.ts",
  "server/test/campaign-dispatch-two.pg.test.ts",
  "server/test/campaign-dispatch-crash.test.ts",
  "server/test/campaign-money.test.ts",
  "server/test/campaign-ingest.test.ts",
  "server/test/campaign-header-media.test.ts",
  "server/test/campaign-messaging-limit.test.ts",
  "server/test/public-api.test.ts",
  "server/test/balance.test.ts",
  "server/test/chats.test.ts",
  "server/test/realtime-cluster.pg.test.ts",
  "server/test/scale.pg.test.ts", // two processes, one SIGKILLed: nothing lost or sent twice
  "server/test/sessions-peers.test.ts",
  "server/test/hot-queries.test.ts",
  "server/test/plan-cache.pg.test.ts", // the users list keeps its generic plan
  "server/test/row-locks.pg.test.ts", // a locked campaign does not hold up the rollup trigger's key check
  "server/test/dashboard-rollup.test.ts",
  "server/test/reports.test.ts",
  "server/test/webhooks.test.ts",
  "server/test/workflows.test.ts",
];

/** @type {{ name: string, cmd: string[], env?: Record<string, string> }[]} */
const steps = [
  // The RJSF validators are generated, not committed; tsc needs them on disk (vite and vitest write them too).
  { name: "generate form validators", cmd: ["npx", "tsx", "src/pages/common/validators/generate-validators.ts"] },
  { name: "typecheck (tsc)", cmd: ["npx", "tsc", "-p", "tsconfig.json", "--noEmit"] },
  { name: "lint (eslint)", cmd: ["npx", "eslint", "."] },
  { name: "unit + server suites (vitest, PGlite)", cmd: ["npx", "vitest", "run"] },
  {
    name: "server files against PostgreSQL",
    cmd: ["node", "scripts/with-postgres.mjs", "npx", "vitest", "run", "--project", "server", ...POSTGRES_FILES],
    // One file at a time (vitest.config.ts): the scale and crash files start server processes and time what they see.
    env: { SERIAL_SERVER_TESTS: "1" },
  },
];

// e2e needs both the config and at least one spec; while the console is being
// written there may be none, which is reported rather than treated as a failure.
const hasSpecs =
  existsSync("e2e") &&
  readdirSync("e2e", { recursive: true }).some((f) => String(f).endsWith(".spec.ts"));
const e2e = existsSync("playwright.config.ts") && hasSpecs;
if (e2e) {
  steps.push({ name: "build (vite)", cmd: ["npx", "vite", "build"] });
  steps.push({ name: "e2e (playwright)", cmd: ["npx", "playwright", "test"] });
}

let current = null;
// Pass Ctrl-C / CI cancellation on to the running step so nothing lingers.
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => (current ? current.kill(sig) : process.exit(128 + os.constants.signals[sig])));
}

function run(cmd, env = {}) {
  return new Promise((resolve) => {
    current = spawn(cmd[0], cmd.slice(1), { stdio: "inherit", env: { ...process.env, ...env } });
    current.on("error", (err) => {
      console.error(err.message);
      resolve(127);
    });
    current.on("exit", (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
  });
}

const results = [];
let exitCode = 0;
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(" ")} ===\n`);
  const t0 = performance.now();
  const code = await run(step.cmd, step.env);
  current = null;
  results.push({ name: step.name, ok: code === 0, secs: (performance.now() - t0) / 1000 });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.secs.toFixed(1)} s)`);
for (const s of steps.slice(results.length)) console.log(`--   ${s.name} (not run)`);
if (!e2e) console.log("skip e2e (playwright): no playwright.config.ts or no e2e/**/*.spec.ts yet");
process.exit(exitCode);
