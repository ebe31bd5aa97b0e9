import { availableParallelism } from "node:os";

/**
 * The e2e servers: one per Playwright worker (each with its own empty database, so specs running side by side never
 * see each other's rows), and one whose sessions last seconds for the session-expiry spec.
 * `E2E_PORT` moves them all, so two checkouts can run their e2e side by side.
 */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
export const SHORT_SESSION_PORT = MAIN_PORT + 1;
export const SHORT_SESSION_TTL_S = 8;
/** The WhatsApp Cloud API stand-in e2e/whatsapp-cloud.spec.ts starts; every server's WHATSAPP_GRAPH_URL points here. */
export const STAND_IN_PORT = MAIN_PORT + 2;
/**
 * The Google RBM stand-in e2e/rcs-business-messaging.spec.ts starts; every server's RBM_API_URL and RBM_TOKEN_URL
 * point here. Far above the worker ports (MAIN_PORT + 3…), so no worker's server takes it.
 */
export const RBM_STAND_IN_PORT = MAIN_PORT + 47;
/**
 * Workers, each with its own server: one per core. On a 2-core machine two workers ran the 127 tests in 8.3 min
 * where one took 13.5 (a test mostly waits: for its server, the browser's lazy chunks, a campaign's pace); three ran
 * at load 15 and timed out.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.max(1, availableParallelism()));
/** Worker i's server: the first at MAIN_PORT, the others after the session and stand-in ports. */
export const workerPort = (i: number): number => (i === 0 ? MAIN_PORT : MAIN_PORT + 2 + i);
