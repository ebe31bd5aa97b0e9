import { defineConfig } from "@playwright/test";
import { buildStale } from "./scripts/build.mjs";
import {
  E2E_WORKERS,
  MAIN_PORT,
  RBM_STAND_IN_PORT,
  SHORT_SESSION_PORT,
  SHORT_SESSION_TTL_S,
  STAND_IN_PORT,
  workerPort,
} from "./e2e/ports";

// Debian's Chromium is used instead of a Playwright browser download (the machine's
// network reaches only npm and Debian). The background-networking flags stop Chromium
// from dialling Google hosts that the closed network refuses.
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${MAIN_PORT}`;

// The servers run the built product (e2e/start-server.mjs): build what is stale once, before they start. Only the
// runner's process builds; its workers load this file too.
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_BASE_URL) await buildStale();

const server = (port: number, sessionTtlS: number) => ({
  command: `node e2e/start-server.mjs ${port} ${sessionTtlS}`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  // A fresh PGlite database is migrated and seeded first: minutes on a loaded 2-core machine.
  timeout: 300_000,
  // Meta's Graph API is the stand-in e2e/whatsapp-cloud.spec.ts starts, whichever worker runs it. The SMS providers'
  // stand-ins of e2e/sms-providers.spec.ts and the webhook receivers of e2e/webhooks.spec.ts and e2e/journeys/ listen
  // on 127.0.0.1, which the SSRF guard refuses unless CARRIER_ALLOW_PRIVATE and WEBHOOK_ALLOW_PRIVATE opt in (both off
  // by default).
  env: {
    WHATSAPP_GRAPH_URL: `http://127.0.0.1:${STAND_IN_PORT}`,
    RBM_STAND_IN_PORT: String(RBM_STAND_IN_PORT),
    CARRIER_ALLOW_PRIVATE: "true",
    WEBHOOK_ALLOW_PRIVATE: "true",
  },
});

export default defineConfig({
  testDir: "e2e",
  // Each worker has its own server (e2e/fixtures.ts points its pages there); one against a server started elsewhere.
  workers: process.env.E2E_BASE_URL ? 1 : E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // A walk of a dozen steps takes 20-30 s on CI's loaded 2-core machine (two workers, their servers and browsers), near
  // Playwright's default of 30 s: ci19 lost two such walks at 30.3-32.6 s, and 30 others passed in 22-30 s. A test
  // that hangs still fails, after 90 s; tests that wait on sending or receipts set their own.
  timeout: 90_000,
  // A lazy screen's first load on a freshly started server can take more than Playwright's default 5 s when the
  // 2-core machine is busy (CI runs two workers and their servers side by side).
  expect: { timeout: 15_000 },
  reporter: "list",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // e2e/first-load.spec.ts opens the console at a name that is not localhost; it resolves to loopback.
        "--host-resolver-rules=MAP console.test 127.0.0.1",
      ],
    },
  },
  webServer: [
    // The real server with a fresh data directory, so every run starts from empty: one per worker.
    ...Array.from({ length: E2E_WORKERS }, (_, i) => server(workerPort(i), 3600)),
    // One whose sessions last seconds, for the session-expiry spec.
    server(SHORT_SESSION_PORT, SHORT_SESSION_TTL_S),
  ],
});
