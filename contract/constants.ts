/** SPEC 9, business constants and limits, as named exports. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const LOW_BALANCE_THRESHOLD = 1000;
export const CURRENCY_SYMBOL = "₹";
export const DEFAULT_BALANCE = 0;

export const USERS_DEFAULT_PAGE = 1;
export const USERS_DEFAULT_LIMIT = 10;
/** Upper bound on any page size the server accepts (our choice: keeps one request bounded). */
export const MAX_PAGE_LIMIT = 100;

export const UMS_MESSAGES_DEFAULT_PAGE = 1;
export const UMS_MESSAGES_DEFAULT_LIMIT = 10;
export const KNOWLEDGE_SEARCH_LIMIT = 10;
export const BUSINESS_CONTEXT_SEARCH_PAGE = 1;
export const BUSINESS_CONTEXT_SEARCH_LIMIT = 10;
export const AGENT_METRICS_DEFAULT_PERIOD = "day";

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
export const DEFAULT_MESSAGE_TYPE = "text";

export const APP_ERROR_MAX_RETRIES = 3;

/** Server-side defaults (SPEC leaves them open; our choice). */
export const SESSION_TTL_S_DEFAULT = 8 * 60 * 60;
export const RESET_TOKEN_TTL_S = 30 * 60;
export const PASSWORD_MIN_LENGTH = 8;
