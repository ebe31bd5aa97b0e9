/**
 * The e2e servers: the main one, and one whose sessions last seconds for the session-expiry spec.
 * `E2E_PORT` moves both (the second is the next port), so two checkouts can run their e2e side by side.
 */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
export const SHORT_SESSION_PORT = MAIN_PORT + 1;
export const SHORT_SESSION_TTL_S = 8;
/** The WhatsApp Cloud API stand-in e2e/whatsapp-cloud.spec.ts starts; the main server's WHATSAPP_GRAPH_URL points here. */
export const STAND_IN_PORT = MAIN_PORT + 2;
