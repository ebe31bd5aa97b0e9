#!/usr/bin/env node
// Starts the real server for Playwright with an empty data dir: `node e2e/start-server.mjs PORT [SESSION_TTL_S]`.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.argv[2] ?? "8181";
const ttl = process.argv[3] ?? process.env.SESSION_TTL_S ?? "3600";
const dataDir = `.tmp/e2e-data-${port}`;
rmSync(path.join(root, dataDir), { recursive: true, force: true });
mkdirSync(path.join(root, dataDir), { recursive: true });

// `node --import tsx` (rather than `npx tsx`) keeps the server in this one child
// process: no npx/tsx wrapper in between that could outlive a kill.
const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_TTL_S: ttl,
    // Every e2e login comes from 127.0.0.1; the per-IP window is sized for people, not for a test run.
    RATE_LIMIT_LOGIN_PER_IP: "10000",
    LOG_LEVEL: "warn",
    // Template review fast enough for a test, slow enough to see PENDING first (e2e/whatsapp-templates.spec.ts).
    SANDBOX_REVIEW_MS: process.env.SANDBOX_REVIEW_MS ?? "2500",
    // Reports read 100 recipients at a time, so e2e/reports.spec.ts sees a report of 10,000 recipients in progress.
    REPORT_BATCH_ROWS: process.env.REPORT_BATCH_ROWS ?? "100",
    // Meta's Graph API is a WhatsApp Cloud API stand-in that e2e/whatsapp-cloud.spec.ts starts (playwright.config.ts
    // passes e2e/ports.ts STAND_IN_PORT; by default the port after the next); other specs never reach it.
    WHATSAPP_GRAPH_URL: process.env.WHATSAPP_GRAPH_URL ?? `http://127.0.0.1:${Number(port) + 2}`,
    // Google's RBM API and token endpoint are the stand-in e2e/rcs-business-messaging.spec.ts starts (e2e/ports.ts
    // RBM_STAND_IN_PORT, which playwright.config.ts passes); other specs never reach it.
    RBM_API_URL: process.env.RBM_API_URL ?? `http://127.0.0.1:${process.env.RBM_STAND_IN_PORT ?? Number(port) + 47}`,
    RBM_TOKEN_URL: process.env.RBM_TOKEN_URL ?? `http://127.0.0.1:${process.env.RBM_STAND_IN_PORT ?? Number(port) + 47}/token`,
  },
});

// Pass Playwright's stop signal on, so the server does not linger after the run.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
