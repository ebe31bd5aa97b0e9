import { PAGE_DEFAULTS, PAGE_LIMIT_MAX } from "./calls/pagination";

/** SPEC 9, business constants and limits, as named exports. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const LOW_BALANCE_THRESHOLD = 1000;
export const CURRENCY_SYMBOL = "₹";
export const DEFAULT_BALANCE = 0;

// Page defaults and the page-size maximum live in the shared pagination query schema; these are its numbers.
export const USERS_DEFAULT_PAGE = PAGE_DEFAULTS.page;
export const USERS_DEFAULT_LIMIT = PAGE_DEFAULTS.limit;
/** Upper bound on any page size the server accepts (our choice: keeps one request bounded). */
export const MAX_PAGE_LIMIT = PAGE_LIMIT_MAX;

export const UMS_MESSAGES_DEFAULT_PAGE = PAGE_DEFAULTS.page;
export const UMS_MESSAGES_DEFAULT_LIMIT = PAGE_DEFAULTS.limit;
export const KNOWLEDGE_SEARCH_LIMIT = PAGE_DEFAULTS.limit;
export const BUSINESS_CONTEXT_SEARCH_PAGE = PAGE_DEFAULTS.page;
export const BUSINESS_CONTEXT_SEARCH_LIMIT = PAGE_DEFAULTS.limit;
export const AGENT_METRICS_DEFAULT_PERIOD = "day";

/** Every answer names its request (ours): a proxy's sane id is kept, otherwise a new UUID; logs carry the same id. */
export const REQUEST_ID_HEADER = "X-Request-Id";

export const CAMPAIGN_CHANNELS = ["rcs", "sms", "whatsapp"] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const WHATSAPP_DEFAULT_CHANNEL: CampaignChannel = "whatsapp";
export const DETAILED_CAMPAIGN_REPORT_DEFAULT = false;

/** Message delivery states counted by the dashboard status counts (SPEC leaves them open; our choice). */
export const MESSAGE_STATUSES = ["pending", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const PERSIST_KEY = "root";
export const PERSIST_VERSION = 1;
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;

export const THEME_STORAGE_KEY = "vite-ui-theme";
export const BALANCE_DISMISSED_KEY = "balanceNotificationDismissed";
export const IMPERSONATION_KEY_PREFIX = "impersonation_";

export const REALTIME_TIMEOUT_MS = 20_000;
export const REALTIME_RECONNECT_DELAY_MS = 1000;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 5000;
export const REALTIME_RANDOMIZATION = 0.5;
/**
 * Sent to each socket of a server process that is shutting down, just before its connection is closed (not
 * disconnected: socket.io clients reconnect by themselves after a closed transport, and the load balancer sends them to
 * a process that stays). `reconnectAfterMs` spreads the reconnects of many tabs over that time.
 */
export const SERVER_SHUTDOWN_EVENT = "serverShutdown";
export interface ServerShutdownHint {
  reconnect: true;
  reconnectAfterMs: number;
}
export const DEFAULT_MESSAGE_TYPE = "text";

export const APP_ERROR_MAX_RETRIES = 3;

/** Server-side defaults (SPEC leaves them open; our choice). */
export const SESSION_TTL_S_DEFAULT = 8 * 60 * 60;
export const RESET_TOKEN_TTL_S = 30 * 60;
/** How long a link confirming a new email address stays valid (our choice). */
export const EMAIL_CHANGE_TTL_S = 24 * 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Money limits the server enforces (our choice). One request moves at most MAX_AMOUNT; no balance may exceed
 * MAX_BALANCE, well inside the numeric(14,2) column, so a sum never overflows into a database error.
 */
export const MIN_AMOUNT = 0.01;
export const MAX_AMOUNT = 100_000_000;
export const MAX_BALANCE = 10_000_000_000;
/** Dates a query may name (YYYY-MM-DD, inclusive): a year such as 9999 is a mistake, not a report period. */
export const DATE_MIN = "2000-01-01";
export const DATE_MAX = "2099-12-31";
