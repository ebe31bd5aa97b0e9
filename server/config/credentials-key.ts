// CREDENTIALS_KEY, the key provider credentials are sealed with (services/carrier-channels/credentials-crypto.ts),
// read from the environment beside config.ts so the configuration never imports a service.
import { createHash } from "node:crypto";

/**
 * The development key, derived from a fixed, documented phrase (docs/whatsapp.md "WhatsApp Cloud API"): credentials
 * saved without CREDENTIALS_KEY are readable by anyone with this source, which is fine on a laptop and refused in
 * production.
 */
export const DEVELOPMENT_KEY_PHRASE = "messaging-console development credentials key (not for production)";

export class CredentialsKeyError extends Error {
  override readonly name = "CredentialsKeyError";
}

/**
 * CREDENTIALS_KEY: 32 bytes as 64 hex characters or base64. Unset: the development key, unless NODE_ENV is
 * "production", where the server refuses to start rather than seal real secrets with a public key.
 */
export function credentialsKeyFromEnv(env: NodeJS.ProcessEnv = process.env): { key: Buffer; development: boolean } {
  const raw = env.CREDENTIALS_KEY?.trim();
  if (!raw) {
    if (env.NODE_ENV === "production") {
      throw new CredentialsKeyError(
        "CREDENTIALS_KEY must be set in production (32 bytes: 64 hex characters or base64), e.g. `openssl rand -hex 32`",
      );
    }
    return { key: createHash("sha256").update(DEVELOPMENT_KEY_PHRASE).digest(), development: true };
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32)
    throw new CredentialsKeyError(
      `CREDENTIALS_KEY must be 32 bytes (64 hex characters or base64), got ${key.length} bytes`,
    );
  return { key, development: false };
}
