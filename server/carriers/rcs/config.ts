// The RBM adapter's configuration: where Google's RCS Business Messaging API and OAuth token endpoint are (the
// stand-in's URLs in tests), timeouts, the default throughput and message TTL. Both URLs are the operator's, never a
// user's: the token endpoint of an uploaded service-account key (its token_uri) is not followed, so nobody can point
// the server at an address of their choosing through a key file.

export interface RbmConfig {
  /** RBM_API_URL, default https://rcsbusinessmessaging.googleapis.com (a regional host, e.g. asia-, may be set). */
  apiUrl: string;
  /** RBM_TOKEN_URL, default https://oauth2.googleapis.com/token: the JWT bearer grant's endpoint. */
  tokenUrl: string;
  /** RBM_TIMEOUT_MS: a call not answered by then counts as lost (RBM deduplicates by message id, so it is retried). */
  timeoutMs: number;
  /** RBM_MPS: messages per second per agent when a channel sets none. */
  messagesPerSecond: number;
  /** RBM_TTL_SECONDS: an undelivered message is revoked after this long and takes its fallback (default 1 day). */
  ttlSeconds: number;
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function httpUrl(raw: string | undefined, fallback: string, name: string): string {
  const url = (raw || fallback).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  return url;
}

export function rbmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RbmConfig {
  return {
    apiUrl: httpUrl(env.RBM_API_URL, "https://rcsbusinessmessaging.googleapis.com", "RBM_API_URL"),
    tokenUrl: httpUrl(env.RBM_TOKEN_URL, "https://oauth2.googleapis.com/token", "RBM_TOKEN_URL"),
    timeoutMs: positive(env.RBM_TIMEOUT_MS, 15_000, "RBM_TIMEOUT_MS"),
    messagesPerSecond: positive(env.RBM_MPS, 50, "RBM_MPS"),
    ttlSeconds: positive(env.RBM_TTL_SECONDS, 86_400, "RBM_TTL_SECONDS"),
  };
}
