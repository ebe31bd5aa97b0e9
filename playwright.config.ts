import { defineConfig } from "@playwright/test";
import { MAIN_PORT, SHORT_SESSION_PORT, SHORT_SESSION_TTL_S } from "./e2e/ports";

// Debian's Chromium is used instead of a Playwright browser download (the machine's
// network reaches only npm and Debian). The background-networking flags stop Chromium
// from dialling Google hosts that the closed network refuses.
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${MAIN_PORT}`;


export default defineConfig({
  testDir: "e2e",
  workers: 1, // 2-core machine: the server and one browser already fill it
  retries: process.env.CI ? 1 : 0,
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
    // The real server with a fresh data directory, so every run starts from empty.
    { command: `node e2e/start-server.mjs ${MAIN_PORT} 3600`, url: `http://127.0.0.1:${MAIN_PORT}/healthz`, reuseExistingServer: false, timeout: 120_000 },
    // A second one whose sessions last seconds, for the session-expiry spec.
    { command: `node e2e/start-server.mjs ${SHORT_SESSION_PORT} ${SHORT_SESSION_TTL_S}`, url: `http://127.0.0.1:${SHORT_SESSION_PORT}/healthz`, reuseExistingServer: false, timeout: 120_000 },
  ],
});
