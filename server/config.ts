import { SESSION_TTL_S_DEFAULT } from "../contract/constants";
import { UMS_LOG_DAYS_DEFAULT } from "../contract/domain/api-keys";
import { SMS_WINDOW } from "../contract/domain/campaigns";
import { REPORT_TTL_HOURS_DEFAULT } from "../contract/domain/reports";
import { WORKFLOW_DEFAULTS } from "../contract/domain/workflow-runs";
import { aiConfigFromEnv, type AiConfig } from "./config/ai";
import { rbmConfigFromEnv, type RbmConfig } from "./carriers/rcs/config";
import { whatsappCloudConfigFromEnv, type WhatsAppCloudConfig } from "./carriers/whatsapp-cloud/config";
import { credentialsKeyFromEnv } from "./config/credentials-key";
import type { LoginDelayRule } from "./config/login-delay";
import { s3ConfigFromEnv, type S3Config } from "./storage/s3";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionTtlS: number;
  /** When unset a secret is generated once and kept in the database, so restarts keep sessions valid. */
  jwtSecret?: string;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where admins' support tickets are mailed (SUPPORT_OPERATOR_EMAIL); unset, they are stored and nobody is mailed. */
  supportOperatorEmail?: string;
  /**
   * Without SMTP_URL, mails are printed whole beside the log; not with NODE_ENV=production (they carry reset links).
   */
  printMail: boolean;
  /**
   * Origin used in links that go out by mail. Never taken from request headers (Host / X-Forwarded-Host are
   * the caller's to forge); unset, it is this server's own origin, http://localhost:PORT (see linkOrigin).
   */
  publicUrl?: string;
  /** The origin of campaigns' tracked short links (SHORT_LINK_URL); PUBLIC_URL's when unset. */
  shortLinkUrl?: string;
  /**
   * Where a console built with VITE_API_URL / VITE_REALTIME_URL sends its calls and opens its socket, when not to the
   * page's own origin: the server reads the same variables to allow exactly those origins in the page's CSP.
   */
  consoleOrigins: { api?: string; realtime?: string };
  /** Fastify's trustProxy: false (default), a hop count, or the addresses/CIDRs of the proxies in front. */
  trustProxy: boolean | number | string[];
  corsOrigin?: string;
  /** Folder of the built console; served with SPA fallback when present. */
  webRoot: string;
  logLevel: string;
  /** Per-IP (and per-address for reset mail) limits of the public calls, counted by @fastify/rate-limit. */
  rateLimits: {
    loginPerIp: RateLimitRule;
    resetPerIp: RateLimitRule;
    resetPerAccount: RateLimitRule;
    signupPerIp: RateLimitRule;
    /** The conversions postback URL: a shop's server calls it; a leaked URL cannot flood the account. */
    postbackPerIp: RateLimitRule;
  };
  /** Progressive delay after failed logins, per resolved account. */
  loginDelay: LoginDelayRule;
  /** How often the durable job loops (server/jobs) look for due rows; JOB_INTERVAL_MS. */
  jobIntervalMs: number;
  /** Uploaded files go to this S3-compatible store when S3_BUCKET is set, else to disk under DATA_DIR. */
  s3?: S3Config;
  /** Promotional and service-explicit SMS go out only between these local times (SMS_WINDOW_START / _END, HH:MM). */
  smsWindow: { start: string; end: string };
  /** The clock of campaign control (windows, schedules, the 24-hour limit); tests pass a fixed one. */
  now?: () => Date;
  /** The workflow engine's limits (WORKFLOW_MAX_STEPS, WORKFLOW_ACCOUNT_CONCURRENCY, WORKFLOW_HTTP_ALLOW_PRIVATE). */
  workflows: WorkflowConfig;
  /** Audience limits (default AUDIENCE_MAX_BYTES / AUDIENCE_MAX_ROWS); tests lower them. */
  audience?: { maxBytes: number; maxRows: number };
  /**
   * The key sealing provider credentials (CREDENTIALS_KEY; unset: a documented development key, refused in production).
   */
  credentials: { key: Buffer; development: boolean };
  /**
   * WhatsApp Cloud API: Graph URL and version, default throughput, Embedded Signup's Meta app (WHATSAPP_*, FACEBOOK_*).
   */
  whatsappCloud: WhatsAppCloudConfig;
  /** Google RCS Business Messaging: API and token URLs, timeout, default throughput and message TTL (RBM_*). */
  rbm: RbmConfig;
  /** PostgreSQL connections (see DatabaseConfig): pool size and statement timeouts. PGlite ignores them. */
  databasePool: { max: number; statementTimeoutMs: number; longStatementTimeoutMs: number };
  /**
   * How long a SIGTERM may take: in-flight requests, claimed jobs handed back, sockets closed (SHUTDOWN_TIMEOUT_MS).
   */
  shutdownTimeoutMs: number;
  /**
   * PGlite only (no autovacuum there): how often tables past autovacuum's thresholds are vacuumed and analyzed; 0 (the
   * default) = never (PGLITE_MAINTENANCE_MS).
   */
  pgliteMaintenanceMs: number;
  /**
   * /metrics: answered on the main port to `Authorization: Bearer <token>` (METRICS_TOKEN), or on a port of its own.
   */
  metrics: { token?: string; port?: number };
  /**
   * The pg_dump the backup call runs on PostgreSQL (PG_DUMP; default `pg_dump` on PATH): its major must be the server's
   * or newer.
   */
  pgDump?: string;
  /** The AI agent hub's optional model and embeddings endpoints (LLM_URL, LLM_MODEL, EMBEDDINGS_MODEL ...). */
  ai: AiConfig;
  /** Outbound webhooks: where they may go and how they are retried (WEBHOOK_* variables). */
  webhooks: WebhookConfig;
  /**
   * SMS providers (an SMSC's host, an HTTP provider's URL, typed by users) may be on private, loopback and link-local
   * addresses (CARRIER_ALLOW_PRIVATE; off: refused when connecting and on every connection, server/http/ssrf.ts). On
   * for a provider on the LAN and for the local stand-ins of the tests.
   */
  carrierAllowPrivate: boolean;
  /**
   * The pepper of erased numbers' hashes (ERASE_PEPPER); unset, one is generated once and kept in the database. Set,
   * it replaces the stored one at start: erasures hashed with another pepper no longer match.
   */
  erasePepper?: string;
  /** Days the request log of API keys (UMS requests) is kept (UMS_LOG_DAYS). */
  umsLogDays: number;
  /** Public API group commit: how long the first send of a batch waits for others, ms (PUBLIC_API_COMMIT_MS). */
  publicApiCommitMs: number;
  /**
   * Performance reports: hours a ready file is kept (REPORT_TTL_HOURS), recipients read per query (REPORT_BATCH_ROWS),
   * a running report's lease (REPORT_LEASE_MS).
   */
  reports: ReportSettings;
}

export interface ReportSettings {
  ttlHours: number;
  batchRows: number;
  leaseMs: number;
}

export const REPORT_DEFAULTS: ReportSettings = { ttlHours: REPORT_TTL_HOURS_DEFAULT, batchRows: 5000, leaseMs: 60_000 };

export interface WorkflowConfig {
  /** A run that would take more steps than this fails (a loop that waits still ends). */
  maxStepsPerRun: number;
  /** Steps of one account worked at once, across processes, so one account's flood does not starve the others. */
  accountConcurrency: number;
  /** HTTP steps may reach private, loopback and link-local addresses (off: the SSRF guard refuses them). */
  allowPrivateHttp: boolean;
}

export interface WebhookConfig {
  /**
   * Private, loopback, link-local and other reserved addresses are allowed as targets (WEBHOOK_ALLOW_PRIVATE). Off
   * unless the operator says so, in every environment: a URL (or a DNS name resolving, even later, to such an address)
   * is refused. Tests and e2e runs, whose receivers listen on this machine, set it themselves.
   */
  allowPrivate: boolean;
  /** Only https URLs (WEBHOOK_REQUIRE_HTTPS; on in production). */
  requireHttps: boolean;
  /** One attempt's deadline, connect to the last byte of the answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** First retry after about this long, doubling each time (WEBHOOK_RETRY_BASE_MS) up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retried for this long, then failed (WEBHOOK_GIVE_UP_MS, 24 h). */
  giveUpMs: number;
  /** Attempts in flight per process (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Finished deliveries are kept in the log this many days (WEBHOOK_RETENTION_DAYS). */
  retentionDays: number;
}

export const DEFAULT_DEMO_PASSWORD = "demo1234!";

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: ServerConfig["rateLimits"] = {
  loginPerIp: { max: 60, windowMs: MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 15 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
  postbackPerIp: { max: 1200, windowMs: MINUTE },
};

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** A positive number, fractions allowed (REPORT_TTL_HOURS=0.5 keeps files half an hour). */
function positiveNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(raw: string | undefined, fallback: boolean, name: string): boolean {
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

const SECOND = 1000;
const HOUR = 60 * MINUTE;

/** Webhook settings; `production` (NODE_ENV=production) requires https by default. */
export function webhookConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const production = env.NODE_ENV === "production";
  return {
    allowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE, false, "WEBHOOK_ALLOW_PRIVATE"),
    requireHttps: flag(env.WEBHOOK_REQUIRE_HTTPS, production, "WEBHOOK_REQUIRE_HTTPS"),
    timeoutMs: positiveInt(env.WEBHOOK_TIMEOUT_MS, 5 * SECOND, "WEBHOOK_TIMEOUT_MS"),
    retryBaseMs: positiveInt(env.WEBHOOK_RETRY_BASE_MS, 10 * SECOND, "WEBHOOK_RETRY_BASE_MS"),
    retryMaxMs: positiveInt(env.WEBHOOK_RETRY_MAX_MS, 2 * HOUR, "WEBHOOK_RETRY_MAX_MS"),
    giveUpMs: positiveInt(env.WEBHOOK_GIVE_UP_MS, 24 * HOUR, "WEBHOOK_GIVE_UP_MS"),
    concurrency: positiveInt(env.WEBHOOK_CONCURRENCY, 32, "WEBHOOK_CONCURRENCY"),
    retentionDays: positiveInt(env.WEBHOOK_RETENTION_DAYS, 30, "WEBHOOK_RETENTION_DAYS"),
  };
}
function nonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number (0 or more), got "${raw}"`);
  return value;
}

/** Defaults of the PostgreSQL pool: 10 connections; 30 s per statement, 10 min for the long jobs (ingest, reports). */
export const DEFAULT_DATABASE_POOL: ServerConfig["databasePool"] = {
  max: 10,
  statementTimeoutMs: 30_000,
  longStatementTimeoutMs: 600_000,
};
/** Below Kubernetes' default 30 s grace period, so the process finishes before it would be killed. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

function hhmm(raw: string | undefined, fallback: string, name: string): string {
  if (raw === undefined || raw === "") return fallback;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new Error(`${name} must be HH:MM (24-hour), got "${raw}"`);
  return raw;
}

/** TRUST_PROXY: unset/"false" → off, a number → hop count, otherwise comma-separated addresses or CIDRs. */
export const DEFAULT_LOGIN_DELAY: LoginDelayRule = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 10_000,
  windowMs: 15 * MINUTE,
};

export function parseTrustProxy(raw: string | undefined): ServerConfig["trustProxy"] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function httpUrlOf(raw: string | undefined, name: string): URL | undefined {
  const origin = raw?.trim();
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${origin}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${name} must be http(s), got "${origin}"`);
  return url;
}

const publicUrlOf = (raw: string | undefined): string | undefined =>
  httpUrlOf(raw, "PUBLIC_URL")?.toString().replace(/\/+$/, "");

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env.PORT, 8080, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir: env.DATA_DIR || "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    sessionTtlS: positiveInt(env.SESSION_TTL_S, SESSION_TTL_S_DEFAULT, "SESSION_TTL_S"),
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: env.SEED_DEMO !== "false",
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Messaging Console <no-reply@localhost>",
    supportOperatorEmail: env.SUPPORT_OPERATOR_EMAIL?.trim() || undefined,
    printMail: env.NODE_ENV !== "production",
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    shortLinkUrl: httpUrlOf(env.SHORT_LINK_URL, "SHORT_LINK_URL")?.origin,
    consoleOrigins: {
      api: httpUrlOf(env.VITE_API_URL, "VITE_API_URL")?.origin,
      realtime: httpUrlOf(env.VITE_REALTIME_URL, "VITE_REALTIME_URL")?.origin,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigin: env.CORS_ORIGIN || undefined,
    webRoot: env.WEB_ROOT || "./dist",
    logLevel: env.LOG_LEVEL || "info",
    loginDelay: DEFAULT_LOGIN_DELAY,
    jobIntervalMs: positiveInt(env.JOB_INTERVAL_MS, 1000, "JOB_INTERVAL_MS"),
    workflows: {
      maxStepsPerRun: positiveInt(env.WORKFLOW_MAX_STEPS, WORKFLOW_DEFAULTS.maxStepsPerRun, "WORKFLOW_MAX_STEPS"),
      accountConcurrency: positiveInt(
        env.WORKFLOW_ACCOUNT_CONCURRENCY,
        WORKFLOW_DEFAULTS.accountConcurrency,
        "WORKFLOW_ACCOUNT_CONCURRENCY",
      ),
      allowPrivateHttp: env.WORKFLOW_HTTP_ALLOW_PRIVATE === "true",
    },
    umsLogDays: positiveInt(env.UMS_LOG_DAYS, UMS_LOG_DAYS_DEFAULT, "UMS_LOG_DAYS"),
    erasePepper: env.ERASE_PEPPER || undefined,
    publicApiCommitMs:
      env.PUBLIC_API_COMMIT_MS === "0" ? 0 : positiveInt(env.PUBLIC_API_COMMIT_MS, 2, "PUBLIC_API_COMMIT_MS"),
    s3: s3ConfigFromEnv(env),
    reports: {
      ttlHours: positiveNumber(env.REPORT_TTL_HOURS, REPORT_DEFAULTS.ttlHours, "REPORT_TTL_HOURS"),
      batchRows: positiveInt(env.REPORT_BATCH_ROWS, REPORT_DEFAULTS.batchRows, "REPORT_BATCH_ROWS"),
      leaseMs: positiveInt(env.REPORT_LEASE_MS, REPORT_DEFAULTS.leaseMs, "REPORT_LEASE_MS"),
    },
    webhooks: webhookConfigFromEnv(env),
    carrierAllowPrivate: flag(env.CARRIER_ALLOW_PRIVATE, false, "CARRIER_ALLOW_PRIVATE"),
    ai: aiConfigFromEnv(env),
    databasePool: {
      max: positiveInt(env.DATABASE_POOL_MAX, DEFAULT_DATABASE_POOL.max, "DATABASE_POOL_MAX"),
      statementTimeoutMs: nonNegativeInt(
        env.DATABASE_STATEMENT_TIMEOUT_MS,
        DEFAULT_DATABASE_POOL.statementTimeoutMs,
        "DATABASE_STATEMENT_TIMEOUT_MS",
      ),
      longStatementTimeoutMs: nonNegativeInt(
        env.DATABASE_LONG_STATEMENT_TIMEOUT_MS,
        DEFAULT_DATABASE_POOL.longStatementTimeoutMs,
        "DATABASE_LONG_STATEMENT_TIMEOUT_MS",
      ),
    },
    shutdownTimeoutMs: positiveInt(env.SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS, "SHUTDOWN_TIMEOUT_MS"),
    // Off unless asked for: a VACUUM of a large table holds PGlite's one connection for seconds, a pause an operator
    // should choose, not find.
    pgliteMaintenanceMs: nonNegativeInt(env.PGLITE_MAINTENANCE_MS, 0, "PGLITE_MAINTENANCE_MS"),
    metrics: {
      token: env.METRICS_TOKEN || undefined,
      port: env.METRICS_PORT ? positiveInt(env.METRICS_PORT, 0, "METRICS_PORT") : undefined,
    },
    pgDump: env.PG_DUMP || undefined,
    smsWindow: {
      start: hhmm(env.SMS_WINDOW_START, SMS_WINDOW.start, "SMS_WINDOW_START"),
      end: hhmm(env.SMS_WINDOW_END, SMS_WINDOW.end, "SMS_WINDOW_END"),
    },
    credentials: credentialsKeyFromEnv(env),
    whatsappCloud: whatsappCloudConfigFromEnv(env),
    rbm: rbmConfigFromEnv(env),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerIp: {
        ...DEFAULT_RATE_LIMITS.loginPerIp,
        max: positiveInt(env.RATE_LIMIT_LOGIN_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp.max, "RATE_LIMIT_LOGIN_PER_IP"),
      },
      resetPerIp: {
        ...DEFAULT_RATE_LIMITS.resetPerIp,
        max: positiveInt(env.RATE_LIMIT_RESET_PER_IP, DEFAULT_RATE_LIMITS.resetPerIp.max, "RATE_LIMIT_RESET_PER_IP"),
      },
      signupPerIp: {
        ...DEFAULT_RATE_LIMITS.signupPerIp,
        max: positiveInt(env.RATE_LIMIT_SIGNUP_PER_IP, DEFAULT_RATE_LIMITS.signupPerIp.max, "RATE_LIMIT_SIGNUP_PER_IP"),
      },
    },
  };
}

/** The origin of tracked short links: a short domain of its own, else the product's. */
export function shortLinkOrigin(config: Pick<ServerConfig, "publicUrl" | "port" | "shortLinkUrl">): string {
  return config.shortLinkUrl ?? linkOrigin(config);
}

/** The origin of links in mail: configuration only, never a request header. */
export function linkOrigin(config: Pick<ServerConfig, "publicUrl" | "port">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
