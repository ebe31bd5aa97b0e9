import { SESSION_TTL_S_DEFAULT } from "../contract/constants";
import { SMS_WINDOW } from "../contract/domain/campaigns";
import { whatsappCloudConfigFromEnv, type WhatsAppCloudConfig } from "./carriers/whatsapp-cloud/config";
import { credentialsKeyFromEnv } from "./services/carrier-channels/credentials-crypto";
import type { LoginDelayRule } from "./services/login-throttle";
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
  /**
   * Origin used in links that go out by mail. Never taken from request headers (Host / X-Forwarded-Host are
   * the caller's to forge); unset, it is this server's own origin, http://localhost:PORT (see linkOrigin).
   */
  publicUrl?: string;
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
  /** Audience limits (default AUDIENCE_MAX_BYTES / AUDIENCE_MAX_ROWS); tests lower them. */
  audience?: { maxBytes: number; maxRows: number };
  /** The key sealing provider credentials (CREDENTIALS_KEY; unset: a documented development key, refused in production). */
  credentials: { key: Buffer; development: boolean };
  /** WhatsApp Cloud API: Graph URL and version, default throughput, Embedded Signup's Meta app (WHATSAPP_*, FACEBOOK_*). */
  whatsappCloud: WhatsAppCloudConfig;
}

export const DEFAULT_DEMO_PASSWORD = "demo1234!";

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: ServerConfig["rateLimits"] = {
  loginPerIp: { max: 60, windowMs: MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 15 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
};

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function hhmm(raw: string | undefined, fallback: string, name: string): string {
  if (raw === undefined || raw === "") return fallback;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new Error(`${name} must be HH:MM (24-hour), got "${raw}"`);
  return raw;
}

/** TRUST_PROXY: unset/"false" → off, a number → hop count, otherwise comma-separated addresses or CIDRs. */
export const DEFAULT_LOGIN_DELAY: LoginDelayRule = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 10_000, windowMs: 15 * MINUTE };

export function parseTrustProxy(raw: string | undefined): ServerConfig["trustProxy"] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

function publicUrlOf(raw: string | undefined): string | undefined {
  const origin = raw?.trim();
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${origin}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`PUBLIC_URL must be http(s), got "${origin}"`);
  return url.toString().replace(/\/+$/, "");
}

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
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigin: env.CORS_ORIGIN || undefined,
    webRoot: env.WEB_ROOT || "./dist",
    logLevel: env.LOG_LEVEL || "info",
    loginDelay: DEFAULT_LOGIN_DELAY,
    jobIntervalMs: positiveInt(env.JOB_INTERVAL_MS, 1000, "JOB_INTERVAL_MS"),
    s3: s3ConfigFromEnv(env),
    smsWindow: { start: hhmm(env.SMS_WINDOW_START, SMS_WINDOW.start, "SMS_WINDOW_START"), end: hhmm(env.SMS_WINDOW_END, SMS_WINDOW.end, "SMS_WINDOW_END") },
    credentials: credentialsKeyFromEnv(env),
    whatsappCloud: whatsappCloudConfigFromEnv(env),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerIp: { ...DEFAULT_RATE_LIMITS.loginPerIp, max: positiveInt(env.RATE_LIMIT_LOGIN_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp.max, "RATE_LIMIT_LOGIN_PER_IP") },
      resetPerIp: { ...DEFAULT_RATE_LIMITS.resetPerIp, max: positiveInt(env.RATE_LIMIT_RESET_PER_IP, DEFAULT_RATE_LIMITS.resetPerIp.max, "RATE_LIMIT_RESET_PER_IP") },
      signupPerIp: { ...DEFAULT_RATE_LIMITS.signupPerIp, max: positiveInt(env.RATE_LIMIT_SIGNUP_PER_IP, DEFAULT_RATE_LIMITS.signupPerIp.max, "RATE_LIMIT_SIGNUP_PER_IP") },
    },
  };
}

/** The origin of links in mail: configuration only, never a request header. */
export function linkOrigin(config: Pick<ServerConfig, "publicUrl" | "port">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
