/** The e2e servers: the main one, and one whose sessions last seconds for the session-expiry spec. */
export const MAIN_PORT = 8181;
export const SHORT_SESSION_PORT = 8182;
export const SHORT_SESSION_TTL_S = 8;
