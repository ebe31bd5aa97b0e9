#!/usr/bin/env node
// Starts the real server for Playwright with an empty data dir: `node e2e/start-server.mjs PORT [SESSION_TTL_S]`.
// It runs what `npm start` runs: the server bundle (built before the run by playwright.config.ts) with the environment
// scripts/server-env.mjs gives it, so the e2e suite tests what ships, not the TypeScript sources.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_BUNDLE } from "../scripts/build.mjs";
import { serverEnv } from "../scripts/server-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.argv[2] ?? "8181";
const ttl = process.argv[3] ?? process.env.SESSION_TTL_S ?? "3600";
const dataDir = `.tmp/e2e-data-${port}`;
rmSync(path.join(root, dataDir), { recursive: true, force: true });
mkdirSync(path.join(root, dataDir), { recursive: true });

// On PostgreSQL (DATABASE_URL, as scripts/with-postgres.mjs gives it), each server gets an empty database of its own on
// that cluster, as each gets an empty data directory on PGlite.
const databaseUrl = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL, `e2e_${port}`) : undefined;

async function freshDatabase(url, name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

// The IPC channel, as npm start gives it: the server stops when this process is gone, even after a SIGKILL.
const child = spawn(process.execPath, [SERVER_BUNDLE], {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: serverEnv({
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_TTL_S: ttl,
    // Every e2e login comes from 127.0.0.1; the per-IP window is sized for people, not for a test run.
    RATE_LIMIT_LOGIN_PER_IP: "10000",
    LOG_LEVEL: "warn",
    // Template review fast enough for a test, slow enough to see PENDING first (e2e/whatsapp-templates.spec.ts).
    SANDBOX_REVIEW_MS: process.env.SANDBOX_REVIEW_MS ?? "2500",
    // The sandbox's phones open every delivered tracked short link, soon (e2e/campaign-links.spec.ts counts them
    // exactly). Only tracked campaigns carry short links, so no other spec's figures move.
    SANDBOX_CLICK_PERCENT: process.env.SANDBOX_CLICK_PERCENT ?? "100",
    SANDBOX_CLICK_MS: process.env.SANDBOX_CLICK_MS ?? "300-2000",
    // Reports read 100 recipients at a time, so e2e/reports.spec.ts sees a report of 10,000 recipients in progress.
    REPORT_BATCH_ROWS: process.env.REPORT_BATCH_ROWS ?? "100",
    // Meta's Graph API is a WhatsApp Cloud API stand-in that e2e/whatsapp-cloud.spec.ts starts (playwright.config.ts
    // passes e2e/ports.ts STAND_IN_PORT; by default the port after the next); other specs never reach it.
    WHATSAPP_GRAPH_URL: process.env.WHATSAPP_GRAPH_URL ?? `http://127.0.0.1:${Number(port) + 2}`,
    // Google's RBM API and token endpoint are the stand-in e2e/rcs-business-messaging.spec.ts starts (e2e/ports.ts
    // RBM_STAND_IN_PORT, which playwright.config.ts passes); other specs never reach it.
    RBM_API_URL: process.env.RBM_API_URL ?? `http://127.0.0.1:${process.env.RBM_STAND_IN_PORT ?? Number(port) + 47}`,
    RBM_TOKEN_URL:
      process.env.RBM_TOKEN_URL ?? `http://127.0.0.1:${process.env.RBM_STAND_IN_PORT ?? Number(port) + 47}/token`,
  }),
});

// Pass Playwright's stop signal on, so the server does not linger after the run.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
